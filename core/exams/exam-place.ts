// Where an exam belongs, checked before it is saved: an existing course, or an existing product that is not a
// course's own (a course's exam is attached to the course itself). Both may be empty (a draft nobody reaches).
import type { Db } from "#platform/db/connection.ts";
import { toFlag } from "#platform/db/connection.ts";
import { fieldError } from "../errors.ts";
import type { ExamInput } from "./schemas.ts";

export async function checkPlace(db: Db, exam: ExamInput): Promise<void> {
  if (exam.course_id !== null) {
    const course = await db.selectFrom("courses").select("id").where("id", "=", exam.course_id).executeTakeFirst();
    if (!course) throw fieldError("course_id", "validation:in");
  }
  if (exam.product_id !== null) {
    const product = await db
      .selectFrom("products")
      .select(["id", "kind"])
      .where("id", "=", exam.product_id)
      .executeTakeFirst();
    if (!product || product.kind === "course") throw fieldError("product_id", "validation:in");
  }
}

/** The columns an exam's input writes. */
export function columnsOf(exam: ExamInput) {
  return {
    title: exam.title,
    description: exam.description,
    course_id: exam.course_id,
    product_id: exam.product_id,
    required_for_completion: toFlag(exam.required_for_completion),
    questions: JSON.stringify(exam.questions),
    draw_count: exam.draw_count,
    pass_percent: exam.pass_percent,
    time_limit_minutes: exam.time_limit_minutes,
    max_attempts: exam.max_attempts,
    show_answers: exam.show_answers,
  };
}

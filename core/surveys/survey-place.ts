// Where a survey the admin saves is attached, checked against the catalogue, and its columns as stored.
import type { Db } from "#platform/db/connection.ts";
import { fieldError } from "../errors.ts";
import type { SurveyInput } from "./schemas.ts";

/** A lecture named must belong to the course named; both must exist. A product selling the survey must exist and
 * not be a course's own (a course's survey is attached to the course itself), as for exams sold alone. */
export async function checkPlace(db: Db, survey: SurveyInput): Promise<void> {
  if (survey.product_id !== null) {
    const product = await db
      .selectFrom("products")
      .select(["id", "kind"])
      .where("id", "=", survey.product_id)
      .executeTakeFirst();
    if (!product || product.kind === "course") throw fieldError("product_id", "validation:in");
  }
  if (survey.course_id === null) return;
  const course = await db.selectFrom("courses").select("id").where("id", "=", survey.course_id).executeTakeFirst();
  if (!course) throw fieldError("course_id", "validation:in");
  if (survey.lecture_id === null) return;
  const lecture = await db
    .selectFrom("lectures as l")
    .innerJoin("course_sections as s", "s.id", "l.section_id")
    .select("l.id")
    .where("l.id", "=", survey.lecture_id)
    .where("s.course_id", "=", survey.course_id)
    .executeTakeFirst();
  if (!lecture) throw fieldError("lecture_id", "validation:in");
}

/** The survey's columns as stored (questions as JSON text). */
export function columnsOf(survey: SurveyInput) {
  return {
    title: survey.title,
    description: survey.description,
    questions: JSON.stringify(survey.questions),
    placement: survey.placement,
    course_id: survey.course_id,
    lecture_id: survey.lecture_id,
    product_id: survey.product_id,
  };
}

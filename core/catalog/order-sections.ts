// POST /home/courses/{courseId}/sections/order {ids}: the course's sections in a new order. Every section of
// the course must be listed once; an id of another course's section is a 422.
import type { Db } from "#platform/db/connection.ts";
import { requireCourse } from "./internal/records.ts";
import { applyOrder, checkedOrder } from "./ordering.ts";
import type { Actor } from "../shared/actor.ts";
import { editablePath } from "./authorize-authoring.ts";

export async function orderSections(db: Db, actor: Actor, courseIdInput: unknown, input: unknown): Promise<number[]> {
  const { courseId } = editablePath(actor, { courseId: courseIdInput });
  return db.transaction().execute(async (trx) => {
    await requireCourse(trx, courseId);
    const current = await trx.selectFrom("course_sections").select("id").where("course_id", "=", courseId).execute();
    const ids = checkedOrder(
      input,
      current.map((row) => row.id),
    );
    await applyOrder(trx, "course_sections", ids);
    return ids;
  });
}

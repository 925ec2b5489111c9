// DELETE /home/courses/{courseId} (the page asks the author to type DELETE first, §5): the course with its
// sections, lectures, components, price history, accesses, progress and reviews (foreign keys), and its
// lectures' discussions.
import type { Db } from "#platform/db/connection.ts";
import { requireCourse } from "./internal/records.ts";
import { lectureIdsOf, removeLectureDiscussions } from "./remove-lecture-discussions.ts";
import type { Actor } from "../shared/actor.ts";
import { editablePath } from "./authorize-authoring.ts";

export async function deleteCourse(db: Db, actor: Actor, courseIdInput: unknown): Promise<void> {
  const { courseId } = editablePath(actor, { courseId: courseIdInput });
  await db.transaction().execute(async (trx) => {
    await requireCourse(trx, courseId);
    await removeLectureDiscussions(trx, await lectureIdsOf(trx, { courseId }));
    await trx.deleteFrom("courses").where("id", "=", courseId).execute();
  });
}

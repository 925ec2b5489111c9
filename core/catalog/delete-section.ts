// DELETE /home/courses/{courseId}/sections/{sectionId}: the section with its lectures (and their components,
// progress and discussions).
import type { Db } from "#platform/db/connection.ts";
import { requireSection } from "./internal/records.ts";
import { lectureIdsOf, removeLectureDiscussions } from "./remove-lecture-discussions.ts";
import type { Actor } from "../shared/actor.ts";
import { editablePath, type SectionPath } from "./authorize-authoring.ts";

export async function deleteSection(db: Db, actor: Actor, path: SectionPath): Promise<void> {
  const ids = editablePath(actor, path);
  await db.transaction().execute(async (trx) => {
    await requireSection(trx, ids.courseId, ids.sectionId);
    await removeLectureDiscussions(trx, await lectureIdsOf(trx, { sectionId: ids.sectionId }));
    await trx.deleteFrom("course_sections").where("id", "=", ids.sectionId).execute();
  });
}

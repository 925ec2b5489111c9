// DELETE .../sections/{sectionId}/lectures/{lectureId}: the lecture with its components, progress and
// discussion.
import type { Db } from "#platform/db/connection.ts";
import { requireLecture } from "./authoring-records.ts";
import { removeLectureDiscussions } from "./remove-lecture-discussions.ts";

export async function deleteLecture(
  db: Db,
  ids: { courseId: number; sectionId: number; lectureId: number },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await requireLecture(trx, ids);
    await removeLectureDiscussions(trx, [ids.lectureId]);
    await trx.deleteFrom("lectures").where("id", "=", ids.lectureId).execute();
  });
}

// DELETE .../sections/{sectionId}/lectures/{lectureId}: the lecture with its components, progress and
// discussion.
import type { Db } from "#platform/db/connection.ts";
import { requireLecture } from "./internal/records.ts";
import { removeLectureDiscussions } from "./remove-lecture-discussions.ts";
import type { Actor } from "../shared/actor.ts";
import { editablePath, type LecturePath } from "./authorize-authoring.ts";

export async function deleteLecture(db: Db, actor: Actor, path: LecturePath): Promise<void> {
  const ids = editablePath(actor, path);
  await db.transaction().execute(async (trx) => {
    await requireLecture(trx, ids);
    await removeLectureDiscussions(trx, [ids.lectureId]);
    await trx.deleteFrom("lectures").where("id", "=", ids.lectureId).execute();
  });
}

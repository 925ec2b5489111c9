// DELETE /home/students/{id}/tags/{tagId}: the admin takes a tag from a student (the tag itself stays, with its
// other students). A tag the student does not have is a 404.
import type { Db } from "#platform/db/connection.ts";
import { AppError } from "../errors.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { pathId } from "../shared/path-id.ts";
import { canManageStudents } from "./policies.ts";

export async function removeStudentTag(
  db: Db,
  actor: Actor,
  ids: { studentId: unknown; tagId: unknown },
): Promise<void> {
  authorize(actor, canManageStudents(actor));
  const studentId = pathId(ids.studentId);
  const tagId = pathId(ids.tagId);
  const removed = await db
    .deleteFrom("student_tags")
    .where("user_id", "=", studentId)
    .where("tag_id", "=", tagId)
    .executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0) throw new AppError("not_found");
}

// DELETE /home/courses/{courseId}/access/{userId}: the admin takes a student's access away (the row is kept,
// marked revoked, so a later purchase or grant gives it back). Nothing to revoke is a 404.
import type { Db } from "#platform/db/connection.ts";
import { AppError } from "../errors.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { pathId } from "../shared/path-id.ts";
import { canManageCourseAccess } from "./policies.ts";
import { revokeCourseAccess } from "./course-access.ts";

export async function revokeAccessByAdmin(
  db: Db,
  actor: Actor,
  path: { courseId: unknown; userId: unknown },
): Promise<void> {
  // The refusal first, whatever the ids (401 / 403); then malformed ids are a 404.
  authorize(actor, canManageCourseAccess(actor));
  const courseId = pathId(path.courseId);
  const userId = pathId(path.userId);
  const revoked = await revokeCourseAccess(db, { userId, courseId, reason: "admin" });
  if (!revoked) throw new AppError("not_found");
}

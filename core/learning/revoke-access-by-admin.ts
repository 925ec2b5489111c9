// DELETE /home/courses/{courseId}/access/{userId}: the admin takes a student's access away (the row is kept,
// marked revoked, so a later purchase or grant gives it back). Nothing to revoke is a 404.
import type { Db } from "#platform/db/connection.ts";
import { AppError } from "../errors.ts";
import { revokeCourseAccess } from "./course-access.ts";

export async function revokeAccessByAdmin(db: Db, options: { courseId: number; userId: number }): Promise<void> {
  const revoked = await revokeCourseAccess(db, { userId: options.userId, courseId: options.courseId, reason: "admin" });
  if (!revoked) throw new AppError("not_found");
}

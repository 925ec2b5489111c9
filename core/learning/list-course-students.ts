// GET /home/courses/{courseId}/access: the students who were given access to the course and still have it
// (not revoked), with its start and end; an access whose end has passed is listed as expired.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import type { CourseAccessSource } from "#platform/db/schema.ts";
import { AppError } from "../errors.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { pathId } from "../shared/path-id.ts";
import { canManageCourseAccess } from "./policies.ts";

export type CourseStudent = {
  user_id: number;
  name: string;
  email: string;
  starts_at: string;
  ends_at: string | null;
  source: CourseAccessSource;
  active: boolean;
};

export async function listCourseStudents(db: Db, actor: Actor, courseIdInput: unknown): Promise<CourseStudent[]> {
  authorize(actor, canManageCourseAccess(actor));
  const courseId = pathId(courseIdInput);
  const course = await db.selectFrom("courses").select("id").where("id", "=", courseId).executeTakeFirst();
  if (!course) throw new AppError("not_found");
  const now = nowIso();
  const rows = await db
    .selectFrom("course_access as a")
    .innerJoin("users as u", "u.id", "a.user_id")
    .select(["a.user_id", "u.name", "u.email", "a.starts_at", "a.ends_at", "a.source"])
    .where("a.course_id", "=", courseId)
    .where("a.revoked_at", "is", null)
    .orderBy("u.name")
    .orderBy("a.user_id")
    .execute();
  return rows.map((row) => ({ ...row, active: row.starts_at <= now && (row.ends_at === null || row.ends_at > now) }));
}

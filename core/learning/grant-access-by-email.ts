// POST /home/courses/{courseId}/access {email, ends_at?}: the admin gives an existing student access to a
// course. Without an end date the course's own access length applies: its access end date, or so many days
// from now, or no end. A student who already has access gets the spec's 'This student already has access to
// this product' (§8).
import type { Db } from "#platform/db/connection.ts";
import { AppError, fieldError } from "../errors.ts";
import { parseInput } from "../validation.ts";
import { type Actor, authorizeUser } from "../shared/actor.ts";
import { pathId } from "../shared/path-id.ts";
import { canManageCourseAccess } from "./policies.ts";
import { grantAccessSchema } from "../catalog/authoring-schemas.ts";
import { type CourseStudent, listCourseStudents } from "./list-course-students.ts";
import { grantCourseAccess, hasCourseAccess } from "./course-access.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** When an access granted now ends by the course's settings (null: never). */
export function defaultAccessEnd(
  course: { access_days: number | null; access_ends_at: string | null },
  now = new Date(),
): string | null {
  if (course.access_ends_at) return course.access_ends_at;
  if (course.access_days) return new Date(now.getTime() + course.access_days * DAY_MS).toISOString();
  return null;
}

export async function grantAccessByEmail(
  db: Db,
  actor: Actor,
  courseIdInput: unknown,
  input: unknown,
): Promise<CourseStudent> {
  // The refusal first, whatever the id (401 / 403); then a malformed or unknown id is a 404.
  const { userId: grantedBy } = authorizeUser(actor, canManageCourseAccess(actor));
  const courseId = pathId(courseIdInput);
  return db.transaction().execute(async (trx) => {
    const course = await trx
      .selectFrom("courses")
      .select(["id", "access_days", "access_ends_at"])
      .where("id", "=", courseId)
      .executeTakeFirst();
    if (!course) throw new AppError("not_found");
    const data = parseInput(grantAccessSchema, input);
    const user = await trx
      .selectFrom("users")
      .select(["id", "role"])
      .where("email", "=", data.email)
      .executeTakeFirst();
    if (!user || user.role !== "student") throw fieldError("email", "authoring:no_such_student");
    if (await hasCourseAccess(trx, user, course.id)) throw fieldError("email", "authoring:already_has_access");
    const endsAt = data.ends_at ?? defaultAccessEnd(course);
    if (endsAt !== null && endsAt <= new Date().toISOString()) throw fieldError("ends_at", "authoring:end_in_past");
    await grantCourseAccess(trx, {
      userId: user.id,
      courseId: course.id,
      endsAt,
      source: "admin",
      grantedBy,
    });
    const students = await listCourseStudents(trx, actor, course.id);
    return students.find((student) => student.user_id === user.id)!;
  });
}

// Who may watch what (spec §6): free lectures for everyone, login-required lectures for logged-in users,
// paid lectures for students with access to the course (admins see everything). Access rows come from admins
// (granted here) and, later, from purchases.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { prepared } from "#platform/db/prepared.ts";
import type { LectureAccess, User } from "#platform/db/schema.ts";

/** True when the user may watch the course's paid lectures now. */
export async function hasCourseAccess(db: Db, user: Pick<User, "id" | "role"> | null, courseId: number): Promise<boolean> {
  if (!user) return false;
  if (user.role === "admin") return true;
  const now = nowIso();
  const rows = await currentAccess(db, [user.id, courseId, now, now]);
  return rows.length > 0;
}

// Asked on every watch page and discussion call: compiled once (platform/db/prepared.ts). Parameters in SQL
// order: user id, course id, now (starts_at), now (ends_at).
const currentAccess = prepared((db) =>
  db
    .selectFrom("course_access")
    .select("id")
    .where("user_id", "=", 0)
    .where("course_id", "=", 0)
    .where("revoked_at", "is", null)
    .where("starts_at", "<=", "")
    .where((eb) => eb.or([eb("ends_at", "is", null), eb("ends_at", ">", "")])),
);

export type LectureGate = "allowed" | "login" | "buy";

/** What stands between a viewer and a lecture: nothing, a login, or a purchase. */
export function lectureGate(access: LectureAccess, viewer: { loggedIn: boolean; hasAccess: boolean }): LectureGate {
  if (access === "free") return "allowed";
  if (!viewer.loggedIn) return "login";
  if (access === "login") return "allowed";
  return viewer.hasAccess ? "allowed" : "buy";
}

/** Grants (or renews) a student's access; an existing row is replaced, so a revoked access can be given back. */
export async function grantCourseAccess(
  db: Db,
  options: { userId: number; courseId: number; endsAt: string | null; source: "admin" | "purchase" | "sample" | "invitation"; grantedBy: number | null; reason?: string },
): Promise<void> {
  const now = nowIso();
  const values = {
    starts_at: now,
    ends_at: options.endsAt,
    source: options.source,
    granted_by: options.grantedBy,
    reason: options.reason ?? "",
    revoked_at: null,
  };
  await db
    .insertInto("course_access")
    .values({ user_id: options.userId, course_id: options.courseId, created_at: now, ...values })
    .onConflict((oc) => oc.columns(["user_id", "course_id"]).doUpdateSet(values))
    .execute();
}

export async function revokeCourseAccess(db: Db, options: { userId: number; courseId: number; reason?: string }): Promise<boolean> {
  const result = await db
    .updateTable("course_access")
    .set({ revoked_at: nowIso(), reason: options.reason ?? "" })
    .where("user_id", "=", options.userId)
    .where("course_id", "=", options.courseId)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

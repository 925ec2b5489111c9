// Who may watch what (spec §6): free lectures for everyone, login-required lectures for logged-in users,
// paid lectures for students with access to the course (admins see everything). Access rows come from admins
// (granted here) and, later, from purchases.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { prepared } from "#platform/db/prepared.ts";
import { defineCache } from "#platform/cache/cache.ts";
import type { LectureAccess, User } from "#platform/db/schema.ts";
import { membershipOpensCourse } from "#core/memberships/membership-access.ts";

/** True when the user may watch the course's paid lectures now: an access row of their own, or a membership. */
export async function hasCourseAccess(
  db: Db,
  user: Pick<User, "id" | "role"> | null,
  courseId: number,
): Promise<boolean> {
  if (!user) return false;
  if (user.role === "admin") return true;
  const window = await accessWindows.get(db, `${user.id} ${courseId}`);
  const now = nowIso();
  if (window && window.starts_at <= now && (window.ends_at === null || window.ends_at > now)) return true;
  return membershipOpensCourse(db, user.id, courseId, now);
}

/**
 * When the user's access to the course began (drip release counts from it): their access row's start, or, for a
 * member without a row of their own, the earliest start of a membership that opens the course; null without access.
 */
export async function courseAccessStart(
  db: Db,
  user: Pick<User, "id" | "role">,
  courseId: number,
  now = nowIso(),
): Promise<string | null> {
  const window = await accessWindows.get(db, `${user.id} ${courseId}`);
  if (window && window.starts_at <= now && (window.ends_at === null || window.ends_at > now)) return window.starts_at;
  if (!(await membershipOpensCourse(db, user.id, courseId, now))) return null;
  const first = await db
    .selectFrom("memberships as m")
    .innerJoin("membership_plan_courses as k", "k.plan_id", "m.plan_id")
    .select(["m.started_at", "m.created_at"])
    .where("m.user_id", "=", user.id)
    .where("k.course_id", "=", courseId)
    .orderBy("m.created_at")
    .executeTakeFirst();
  return first ? (first.started_at ?? first.created_at) : null;
}

// Asked on every watch page, progress and discussion call, so the user's access row (its window; a revoked one
// counts as none) is kept per process: any write to course_access here empties the copies at once
// (platform/cache/cache.ts), and the window is compared with the clock on every call. "No access" is never
// kept, so a purchase completed by another process opens the course at once; a revocation made by another
// process takes effect within ACCESS_MEMO_MS.
export const ACCESS_MEMO_MS = 2000;

const accessRow = prepared((db, p: { userId: number; courseId: number }) =>
  db
    .selectFrom("course_access")
    .select(["starts_at", "ends_at"])
    .where("user_id", "=", p.userId)
    .where("course_id", "=", p.courseId)
    .where("revoked_at", "is", null),
);

const accessWindows = defineCache<string, { starts_at: string; ends_at: string | null } | undefined>({
  name: "course-access",
  tables: ["course_access"],
  maxAgeMs: ACCESS_MEMO_MS,
  maxEntries: 10_000,
  async load(db, key) {
    const [userId, courseId] = key.split(" ").map(Number);
    return (await accessRow(db, { userId: userId!, courseId: courseId! }))[0];
  },
  keep: (window) => window !== undefined,
});

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
  options: {
    userId: number;
    courseId: number;
    endsAt: string | null;
    source: "admin" | "purchase" | "sample" | "invitation";
    grantedBy: number | null;
    reason?: string;
  },
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

export async function revokeCourseAccess(
  db: Db,
  options: { userId: number; courseId: number; reason?: string },
): Promise<boolean> {
  const result = await db
    .updateTable("course_access")
    .set({ revoked_at: nowIso(), reason: options.reason ?? "" })
    .where("user_id", "=", options.userId)
    .where("course_id", "=", options.courseId)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

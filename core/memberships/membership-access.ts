// What a membership opens (issue 15, item 4): while it is active, at risk, past due, or canceled until its period
// ends, the plan's courses, products and community topics. Read live from the membership rows (no access rows
// are written), so a renewal, a cancellation reaching its period's end or an expiry changes access with no
// other write. The course check sits behind the watch pages' hot path (core/learning/course-access.ts asks it
// only when the user has no access row of their own), so its answer is kept per process like course access is.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { defineCache } from "#platform/cache/cache.ts";
import type { MembershipStatus } from "#platform/db/schema.ts";
import { ACCESS_STATUSES, membershipOpens } from "./periods.ts";

type Window = { status: MembershipStatus; current_period_end: string | null };

/** The live memberships of a user whose plan opens something: the rows membershipOpens() decides on. */
function liveMemberships(db: Db, userId: number) {
  return db
    .selectFrom("memberships as m")
    .where("m.user_id", "=", userId)
    .where("m.status", "in", [...ACCESS_STATUSES]);
}

/** How stale another process's membership change may be on this process's course checks. */
export const MEMBERSHIP_ACCESS_MEMO_MS = 2000;

const courseWindows = defineCache<string, Window[] | undefined>({
  name: "membership-course-access",
  tables: ["memberships", "membership_plan_courses"],
  maxAgeMs: MEMBERSHIP_ACCESS_MEMO_MS,
  maxEntries: 10_000,
  async load(db, key) {
    const [userId, courseId] = key.split(" ").map(Number);
    const rows = await liveMemberships(db, userId!)
      .innerJoin("membership_plan_courses as k", "k.plan_id", "m.plan_id")
      .select(["m.status", "m.current_period_end"])
      .where("k.course_id", "=", courseId!)
      .execute();
    return rows.length > 0 ? rows : undefined;
  },
  // "No membership" is never kept: a subscription completed by another process opens the course at once.
  keep: (windows) => windows !== undefined,
});

export async function membershipOpensCourse(db: Db, userId: number, courseId: number, now = nowIso()) {
  const windows = await courseWindows.get(db, `${userId} ${courseId}`);
  return (windows ?? []).some((window) => membershipOpens(window, now));
}

export async function membershipOpensProduct(db: Db, userId: number, productId: number, now = nowIso()) {
  const rows = await liveMemberships(db, userId)
    .innerJoin("membership_plan_products as k", "k.plan_id", "m.plan_id")
    .select(["m.status", "m.current_period_end"])
    .where("k.product_id", "=", productId)
    .execute();
  return rows.some((row) => membershipOpens(row, now));
}

/** The products a user's memberships open now, with when that access ends (null: while renewals go on). */
export async function productsOpenedByMemberships(
  db: Db,
  userId: number,
  now = nowIso(),
): Promise<{ product_id: number; ends_at: string | null }[]> {
  const rows = await liveMemberships(db, userId)
    .innerJoin("membership_plan_products as k", "k.plan_id", "m.plan_id")
    .select(["k.product_id", "m.status", "m.current_period_end"])
    .execute();
  const opened = new Map<number, string | null>();
  for (const row of rows) {
    if (!membershipOpens(row, now)) continue;
    const endsAt = row.status === "canceled" ? row.current_period_end : null;
    const before = opened.get(row.product_id);
    opened.set(row.product_id, before === null || endsAt === null ? null : (before ?? "") > endsAt ? before! : endsAt);
  }
  return [...opened].map(([product_id, ends_at]) => ({ product_id, ends_at }));
}

/** The restricted community topics a user's memberships open (a key provider of core/community/topic-access.ts). */
export async function topicsOpenedByMemberships(db: Db, userId: number, now = nowIso()): Promise<number[]> {
  const rows = await liveMemberships(db, userId)
    .innerJoin("membership_plan_topics as k", "k.plan_id", "m.plan_id")
    .select(["k.topic_id", "m.status", "m.current_period_end"])
    .execute();
  return [...new Set(rows.filter((row) => membershipOpens(row, now)).map((row) => row.topic_id))];
}

export const planTopicKeys = {
  name: "membership_plan",
  topicIdsHeldBy: (db: Db, userId: number, now: string) => topicsOpenedByMemberships(db, userId, now),
};

/** The courses a user's memberships open now (for the student's course list on /my). */
export async function coursesOpenedByMemberships(db: Db, userId: number, now = nowIso()): Promise<number[]> {
  const rows = await liveMemberships(db, userId)
    .innerJoin("membership_plan_courses as k", "k.plan_id", "m.plan_id")
    .select(["k.course_id", "m.status", "m.current_period_end"])
    .execute();
  return [...new Set(rows.filter((row) => membershipOpens(row, now)).map((row) => row.course_id))];
}

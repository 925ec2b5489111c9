// Whether a user is a member now (issue 16, item 5: articles for members): any membership whose plan would open
// something today (active, at risk, past due, or canceled until its period ends; periods.ts decides).
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { ACCESS_STATUSES, membershipOpens } from "./periods.ts";

export async function hasLiveMembership(db: Db, userId: number, now = nowIso()): Promise<boolean> {
  const rows = await db
    .selectFrom("memberships")
    .select(["status", "current_period_end"])
    .where("user_id", "=", userId)
    .where("status", "in", [...ACCESS_STATUSES])
    .execute();
  return rows.some((row) => membershipOpens(row, now));
}

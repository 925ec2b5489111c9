// The renewal scan (issue 15, item 3), run by the memberships.renewals schedule: canceled memberships whose period
// ended are finished; every membership whose period ended and that renews (active or at risk, not lifetime) gets
// one memberships.renew job for its next period, and every past-due membership whose retry is due one for the
// retry, each under a unique key, so however many workers scan at once each renewal attempt is queued once.
// Stripe Billing memberships are never queued: Stripe charges and retries them, we mirror its webhooks.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { enqueueJob } from "#platform/jobs/queue.ts";
import { renewMembershipJob } from "./jobs.ts";
import { LIFETIME } from "./periods.ts";

/** At most this many renewals are queued per scan; the next scan takes the rest. */
export const RENEWAL_SCAN_BATCH = 1000;

export async function scanRenewals(db: Db, now = nowIso()): Promise<{ queued: number; finished: number }> {
  const finished = await db
    .updateTable("memberships")
    .set({ status: "finished", ended_at: now, updated_at: now })
    .where("status", "=", "canceled")
    .where("current_period_end", "<=", now)
    .executeTakeFirst();

  const due = await db
    .selectFrom("memberships")
    .select(["id", "period_number"])
    .where("status", "in", ["active", "at_risk"])
    .where("provider", "!=", "stripe")
    .where("period_months", "!=", LIFETIME)
    .where("current_period_end", "<=", now)
    .orderBy("current_period_end")
    .limit(RENEWAL_SCAN_BATCH)
    .execute();
  const retries = await db
    .selectFrom("membership_charges as c")
    .innerJoin("memberships as m", "m.id", "c.membership_id")
    .select(["c.membership_id as id", "c.period_number", "c.attempts"])
    .where("m.status", "=", "past_due")
    .where("m.provider", "!=", "stripe")
    .where("c.status", "=", "failed")
    .where("c.next_retry_at", "<=", now)
    .orderBy("c.next_retry_at")
    .limit(RENEWAL_SCAN_BATCH)
    .execute();

  let queued = 0;
  const jobs = [
    ...due.map((row) => ({ membershipId: row.id, period: row.period_number + 1, attempt: 1 })),
    ...retries.map((row) => ({ membershipId: row.id, period: row.period_number, attempt: row.attempts + 1 })),
  ];
  for (const job of jobs) {
    const { created } = await enqueueJob(
      db,
      renewMembershipJob,
      { membership_id: job.membershipId, period: job.period },
      { key: `membership-renewal:${job.membershipId}:${job.period}:${job.attempt}`, maxAttempts: 3 },
    );
    if (created) queued += 1;
  }
  return { queued, finished: Number(finished.numUpdatedRows) };
}

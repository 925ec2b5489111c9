// The reconcile of renewal charges left `pending` (issue 15 item 3): a worker killed between claiming a period's
// charge and recording the provider's answer leaves the row pending, and nothing else touches a pending row, so
// the period would be neither charged again nor extended. A pending row untouched for RECONCILE_AFTER_MS (longer
// than any charge call may take) is leased by one worker (a guarded update of its updated_at), then the provider
// is asked what became of the idempotency key: its answer is recorded (paid extends the period once; a decline
// goes on with the dunning); a provider with no such charge is charged now, under the same key. Never charged
// twice: the key is the one the first attempt sent; never lost: a payment the provider made is recorded.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import type { TokenChargers } from "./billing.ts";
import { chargeClaimed } from "./renew-membership.ts";

/** A pending charge younger than this may still be in a worker's hands (provider calls time out well before). */
export const RECONCILE_AFTER_MS = 5 * 60 * 1000;
/** At most this many per run; the next scan takes the rest. */
export const RECONCILE_BATCH = 100;

export type ReconcileReport = { paid: number; failed: number; left: number };

export async function reconcilePendingCharges(
  db: Db,
  chargers: TokenChargers,
  now = nowIso(),
  options: { olderThanMs?: number } = {},
): Promise<ReconcileReport> {
  const before = new Date(Date.parse(now) - (options.olderThanMs ?? RECONCILE_AFTER_MS)).toISOString();
  const stale = await db
    .selectFrom("membership_charges")
    .selectAll()
    .where("status", "=", "pending")
    .where("updated_at", "<=", before)
    .orderBy("updated_at")
    .limit(RECONCILE_BATCH)
    .execute();
  const report: ReconcileReport = { paid: 0, failed: 0, left: 0 };
  for (const row of stale) {
    // The lease: one worker moves updated_at from what it read; another finds it moved and leaves the row.
    const leased = await db
      .updateTable("membership_charges")
      .set({ updated_at: now })
      .where("id", "=", row.id)
      .where("status", "=", "pending")
      .where("updated_at", "=", row.updated_at)
      .executeTakeFirst();
    if (Number(leased.numUpdatedRows) === 0) continue;
    try {
      const outcome = await chargeClaimed(db, chargers, { ...row, updated_at: now }, now, { lookupFirst: true });
      if (outcome === "paid") report.paid += 1;
      else report.failed += 1;
    } catch {
      // The provider did not answer: the row stays pending, and the next run asks again.
      report.left += 1;
    }
  }
  return report;
}

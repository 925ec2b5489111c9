// What a period's charge comes to, recorded in one database transaction: shared by the renewal
// (renew-membership.ts) and the card update's retry of the open charge (update-card.ts), so that a paid period is
// recorded the same way whoever charged it. Paid extends the period by one and returns the membership to active
// (at risk when the card expires before the next charge); a decline makes it past_due with the next retry, or
// expires it when retries ran out or the decline was hard.
import { scheduleMembershipInvoice } from "#core/invoices/schedule-membership-invoice.ts";
import { emitWebhookEvent } from "#core/webhooks/emit-event.ts";
import type { Transaction } from "kysely";
import type { Database, MembershipCharge } from "#platform/db/schema.ts";
import { addMonths, cardExpiresBefore, nextRetryAt } from "./periods.ts";

type Trx = Transaction<Database>;

export type ChargedMembership = {
  id: number;
  started_at: string | null;
  period_months: number;
  card_exp_month: number | null;
  card_exp_year: number | null;
};

export async function recordChargePaid(
  trx: Trx,
  charge: Pick<MembershipCharge, "id" | "period_number">,
  membership: ChargedMembership,
  providerRef: string | null,
  now: string,
): Promise<void> {
  // Only the holder of the pending charge records it: a second recording of one charge changes nothing.
  const taken = await trx
    .updateTable("membership_charges")
    .set({ status: "succeeded", provider_ref: providerRef, paid_at: now, next_retry_at: null, updated_at: now })
    .where("id", "=", charge.id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) === 0) return;
  // The period's invoice, queued once per charge in this transaction.
  await scheduleMembershipInvoice(trx, charge.id);
  const anchor = membership.started_at ?? now;
  const periodEnd = addMonths(anchor, charge.period_number * membership.period_months);
  await trx
    .updateTable("memberships")
    .set((eb) => ({
      // The next charge falls after the card's expiry: at risk until the card is updated.
      status: cardExpiresBefore(membership, periodEnd) ? "at_risk" : "active",
      period_number: charge.period_number,
      current_period_start: eb.ref("current_period_end"),
      current_period_end: periodEnd,
      updated_at: now,
    }))
    .where("id", "=", membership.id)
    .where("period_number", "=", charge.period_number - 1)
    .execute();
  await emitWebhookEvent(trx, "membership.renewed", {
    membership: { id: membership.id, period_number: charge.period_number, period_end: periodEnd },
  });
}

/** A declined attempt: past_due with the next retry, or expired (hard decline, retries exhausted). */
export async function recordChargeFailed(
  trx: Trx,
  charge: Pick<MembershipCharge, "id" | "created_at" | "attempts" | "membership_id">,
  result: { outcome: "declined" | "hard_declined"; providerRef: string | null; reason: string },
  now: string,
): Promise<"retrying" | "expired"> {
  const retryAt = result.outcome === "hard_declined" ? null : nextRetryAt(charge.created_at, charge.attempts);
  const taken = await trx
    .updateTable("membership_charges")
    .set({
      status: "failed",
      provider_ref: result.providerRef,
      failure_reason: result.reason,
      next_retry_at: retryAt,
      updated_at: now,
    })
    .where("id", "=", charge.id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) === 0) return retryAt ? "retrying" : "expired";
  const moved = await trx
    .updateTable("memberships")
    .set(retryAt ? { status: "past_due", updated_at: now } : { status: "expired", ended_at: now, updated_at: now })
    .where("id", "=", charge.membership_id)
    .where("status", "in", ["active", "at_risk", "past_due"])
    .executeTakeFirst();
  const membership = { id: charge.membership_id };
  await emitWebhookEvent(trx, "membership.card_failed", {
    membership,
    charge: { id: charge.id, reason: result.reason, next_retry_at: retryAt },
  });
  if (retryAt && Number(moved.numUpdatedRows) === 1) await emitWebhookEvent(trx, "membership.past_due", { membership });
  return retryAt ? "retrying" : "expired";
}

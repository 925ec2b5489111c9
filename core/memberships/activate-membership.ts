// A membership's checkout paid (or a free plan, or a trial begun): a guarded STARTED -> active that one caller
// passes, however many deliveries arrive. The first period starts now (a trial first, when the plan has one: no
// charge until it ends); the paid first period is recorded as the charge of period 1.
import { scheduleMembershipInvoice } from "#core/invoices/schedule-membership-invoice.ts";
import { emitWebhookEvent } from "#core/webhooks/emit-event.ts";
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { idempotencyKeyOf } from "./billing.ts";
import { queueMembershipNotice } from "./mails/queue-membership-notice.ts";
import { LIFETIME, addDays, addMonths, cardExpiresBefore } from "./periods.ts";

export type SavedCard = { token: string; brand: string; last4: string; expMonth: number; expYear: number };

export async function activateMembership(
  db: Db,
  hash: string,
  options: { card: SavedCard | null; providerRef?: string; now?: string },
): Promise<{ activated: boolean; membershipId: number | null }> {
  const now = options.now ?? nowIso();
  return db.transaction().execute(async (trx) => {
    const membership = await trx
      .selectFrom("memberships as m")
      .innerJoin("membership_plans as p", "p.id", "m.plan_id")
      .select(["m.id", "m.status", "m.period_months", "m.price_cents", "m.currency", "m.provider", "p.trial_days"])
      .where("m.checkout_hash", "=", hash)
      .executeTakeFirst();
    if (!membership) return { activated: false, membershipId: null };
    const trial = membership.trial_days > 0 && membership.period_months !== LIFETIME;
    const periodEnd = trial
      ? addDays(now, membership.trial_days)
      : membership.period_months === LIFETIME
        ? null
        : addMonths(now, membership.period_months);
    const card = options.card;
    const updated = await trx
      .updateTable("memberships")
      .set({
        status:
          card && cardExpiresBefore({ card_exp_month: card.expMonth, card_exp_year: card.expYear }, periodEnd)
            ? "at_risk"
            : "active",
        period_number: trial ? 0 : 1,
        started_at: trial ? periodEnd : now,
        current_period_start: now,
        current_period_end: periodEnd,
        trial_ends_at: trial ? periodEnd : null,
        provider_token: card?.token ?? null,
        card_brand: card?.brand ?? null,
        card_last4: card?.last4 ?? null,
        card_exp_month: card?.expMonth ?? null,
        card_exp_year: card?.expYear ?? null,
        updated_at: now,
      })
      .where("id", "=", membership.id)
      .where("status", "=", "STARTED")
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return { activated: false, membershipId: membership.id };
    if (!trial) {
      const charge = await trx
        .insertInto("membership_charges")
        .values({
          membership_id: membership.id,
          period_number: 1,
          idempotency_key: idempotencyKeyOf(membership.id, 1),
          amount_cents: membership.price_cents,
          currency: membership.currency,
          status: "succeeded",
          attempts: 1,
          provider: membership.provider,
          provider_ref: options.providerRef ?? null,
          paid_at: now,
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      // Its invoice, in the same transaction (a free plan's charge of 0 gets none).
      await scheduleMembershipInvoice(trx, charge.id);
    }
    // The welcome mail, in the same transaction (outbox): it goes exactly when the membership starts.
    await queueMembershipNotice(trx, { membershipId: membership.id, kind: "started", ref: "1" }, now);
    await emitWebhookEvent(trx, "membership.started", {
      membership: { id: membership.id, period_end: periodEnd, trial, price_cents: membership.price_cents },
    });
    return { activated: true, membershipId: membership.id };
  });
}

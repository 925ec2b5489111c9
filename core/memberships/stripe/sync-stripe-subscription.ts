// Mirrors one Stripe subscription onto its membership (issue 15, Stripe Billing): re-fetch the subscription and
// its invoices, map them (map-subscription.ts), then in one database transaction record the event's id (a replay
// stops there), write the membership's state and insert a membership_charges row per paid period under the same
// unique keys as our own renewals (membership and period; `membership:<id>:period:<n>`), so that however often
// or in whatever order Stripe's events arrive, each period is recorded once and the row ends as Stripe says.
import { scheduleMembershipInvoice } from "#core/invoices/schedule-membership-invoice.ts";
import type { StripeBilling } from "#core/ports/stripe-billing.ts";
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { idempotencyKeyOf } from "../billing.ts";
import { mirrorSubscription } from "./map-subscription.ts";

export type StripeEventRecord = { id: string; type: string };

export async function wasEventApplied(db: Db, eventId: string): Promise<boolean> {
  const row = await db
    .selectFrom("membership_stripe_events")
    .select("event_id")
    .where("event_id", "=", eventId)
    .executeTakeFirst();
  return Boolean(row);
}

export async function syncStripeSubscription(
  db: Db,
  billing: StripeBilling,
  subscriptionId: string,
  event: StripeEventRecord,
  now = nowIso(),
): Promise<{ membershipId: number | null; applied: boolean }> {
  const subscription = await billing.getSubscription(subscriptionId);
  const invoices = await billing.listInvoices(subscriptionId);
  const mirrored = mirrorSubscription(subscription, invoices, now);

  return db.transaction().execute(async (trx) => {
    const recorded = await trx
      .insertInto("membership_stripe_events")
      .values({ event_id: event.id, type: event.type, received_at: now })
      .onConflict((oc) => oc.doNothing())
      .returning("event_id")
      .executeTakeFirst();
    if (!recorded) return { membershipId: null, applied: false };

    const membership = await trx
      .selectFrom("memberships")
      .select(["id", "status", "started_at", "currency"])
      .where("provider", "=", "stripe")
      .where((eb) =>
        subscription.membershipHash
          ? eb.or([
              eb("provider_subscription_ref", "=", subscription.id),
              eb("checkout_hash", "=", subscription.membershipHash),
            ])
          : eb("provider_subscription_ref", "=", subscription.id),
      )
      .orderBy("id")
      .executeTakeFirst();
    // Not one of ours (another application on the same Stripe account): recorded, nothing to change.
    if (!membership) return { membershipId: null, applied: false };

    const firstCharge = mirrored.charges.find((charge) => charge.periodNumber === 1);
    await trx
      .updateTable("memberships")
      .set({
        status: mirrored.status,
        period_number: mirrored.period_number,
        started_at: membership.started_at ?? firstCharge?.paidAt ?? null,
        current_period_start: mirrored.current_period_start,
        current_period_end: mirrored.current_period_end,
        trial_ends_at: mirrored.trial_ends_at,
        cancel_at_period_end: mirrored.cancel_at_period_end,
        canceled_at: mirrored.canceled_at,
        ended_at: mirrored.ended_at,
        provider_customer_ref: subscription.customerId || null,
        provider_subscription_ref: subscription.id,
        ...(mirrored.card
          ? {
              card_brand: mirrored.card.brand,
              card_last4: mirrored.card.last4,
              card_exp_month: mirrored.card.expMonth,
              card_exp_year: mirrored.card.expYear,
            }
          : {}),
        updated_at: now,
      })
      .where("id", "=", membership.id)
      .execute();

    for (const charge of mirrored.charges) {
      const inserted = await trx
        .insertInto("membership_charges")
        .values({
          membership_id: membership.id,
          period_number: charge.periodNumber,
          idempotency_key: idempotencyKeyOf(membership.id, charge.periodNumber),
          amount_cents: charge.amountCents,
          currency: charge.currency,
          status: "succeeded",
          attempts: 1,
          provider: "stripe",
          provider_ref: charge.invoiceId,
          paid_at: charge.paidAt,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.doNothing())
        .returning("id")
        .executeTakeFirst();
      // A period newly recorded: its invoice, queued in this transaction (a replay inserts nothing, queues nothing).
      if (inserted) await scheduleMembershipInvoice(trx, inserted.id);
    }
    return { membershipId: membership.id, applied: true };
  });
}

// Stripe Billing's state mapped onto our memberships (issue 15, item 4). Pure: the webhook handler re-fetches the
// subscription and its invoices (an event is only a trigger) and writes what this says, so replays and events out
// of order converge on the same row. Stripe runs the retries (smart retries / dunning): we mirror them.
// - incomplete: the first payment is not through yet (STARTED); incomplete_expired: abandoned (finished);
// - trialing, active: active (at risk when the card expires before the next charge), canceled when it ends at the
//   period's end; past_due: past_due (access holds while Stripe retries);
// - unpaid, paused, or canceled after failed payments: expired; canceled otherwise (asked for): finished.
// Billed periods are the subscription's invoices that bill a period (subscription_create / subscription_cycle)
// with an amount due, oldest first: the n-th is period n (a trial's zero invoice is not one). Every paid one is a
// charge with Stripe's invoice id as the provider's reference.
import type { MembershipStatus } from "#platform/db/schema.ts";
import type { StripeCard, StripeInvoice, StripeSubscription } from "#core/ports/stripe-billing.ts";
import { cardExpiresBefore } from "../periods.ts";

export type StripeCharge = {
  periodNumber: number;
  invoiceId: string;
  amountCents: number;
  currency: string;
  paidAt: string;
};

export type MirroredMembership = {
  status: MembershipStatus;
  period_number: number;
  current_period_start: string | null;
  current_period_end: string | null;
  trial_ends_at: string | null;
  cancel_at_period_end: 0 | 1;
  canceled_at: string | null;
  ended_at: string | null;
  card: StripeCard | null;
  charges: StripeCharge[];
};

const BILLING_REASONS = new Set(["subscription_create", "subscription_cycle"]);
const FAILED_PAYMENT_REASONS = new Set(["payment_failed", "payment_disputed"]);

const iso = (seconds: number | null): string | null =>
  seconds === null ? null : new Date(seconds * 1000).toISOString();

/** The invoices that bill a period, numbered 1, 2, ... in the order Stripe created them. */
export function billedPeriods(invoices: StripeInvoice[]): { periodNumber: number; invoice: StripeInvoice }[] {
  return [...invoices]
    .filter((invoice) => BILLING_REASONS.has(invoice.billingReason) && invoice.amountDue > 0)
    .filter((invoice) => invoice.status !== "void" && invoice.status !== "draft")
    .sort((a, b) => a.created - b.created || a.id.localeCompare(b.id))
    .map((invoice, index) => ({ periodNumber: index + 1, invoice }));
}

export function statusOf(subscription: StripeSubscription, periodEnd: string | null): MembershipStatus {
  switch (subscription.status) {
    case "incomplete":
      return "STARTED";
    case "incomplete_expired":
      return "finished";
    case "trialing":
    case "active":
      if (subscription.cancelAtPeriodEnd) return "canceled";
      return subscription.card &&
        cardExpiresBefore(
          { card_exp_month: subscription.card.expMonth, card_exp_year: subscription.card.expYear },
          periodEnd,
        )
        ? "at_risk"
        : "active";
    case "past_due":
      return "past_due";
    case "canceled":
      return subscription.cancellationReason && FAILED_PAYMENT_REASONS.has(subscription.cancellationReason)
        ? "expired"
        : "finished";
    case "unpaid":
    case "paused":
      return "expired";
    default:
      // A status Stripe adds later: keep what access the retries would keep, never open more.
      return "past_due";
  }
}

export function mirrorSubscription(
  subscription: StripeSubscription,
  invoices: StripeInvoice[],
  now: string,
): MirroredMembership {
  const charges = billedPeriods(invoices)
    .filter(({ invoice }) => invoice.status === "paid")
    .map(({ periodNumber, invoice }) => ({
      periodNumber,
      invoiceId: invoice.id,
      amountCents: invoice.amountPaid,
      currency: invoice.currency.toUpperCase(),
      paidAt: iso(invoice.paidAt ?? invoice.created)!,
    }));
  const periodEnd = iso(subscription.currentPeriodEnd);
  const status = statusOf(subscription, periodEnd);
  const ended = status === "finished" || status === "expired";
  const trialing = subscription.status === "trialing";
  return {
    status,
    period_number: charges.reduce((max, charge) => Math.max(max, charge.periodNumber), 0),
    current_period_start: iso(subscription.currentPeriodStart),
    current_period_end: periodEnd,
    trial_ends_at: trialing ? iso(subscription.trialEnd) : null,
    cancel_at_period_end: subscription.cancelAtPeriodEnd ? 1 : 0,
    canceled_at:
      subscription.cancelAtPeriodEnd || subscription.status === "canceled" ? iso(subscription.canceledAt) : null,
    ended_at: ended ? (iso(subscription.endedAt) ?? now) : null,
    card: subscription.card,
    charges,
  };
}

// A verified Stripe webhook event, for memberships (issue 15, Stripe Billing). Events are triggers: each one names
// a subscription (directly, through its invoice, or through its Checkout Session), which is re-fetched and
// mirrored (sync-stripe-subscription.ts). A Checkout Session in mode=setup is a card update: its new PaymentMethod
// becomes the subscription's default, and a past-due subscription's open invoice is paid at once.
// Answers null for an event that is not about memberships (a purchase's Checkout Session in mode=payment, or an
// event type we do not follow): the purchases' handler takes it.
import type { StripeBilling, StripeEventTrigger } from "#core/ports/stripe-billing.ts";
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { finishStripeCardUpdate } from "./finish-stripe-card-update.ts";
import { syncStripeSubscription, wasEventApplied } from "./sync-stripe-subscription.ts";

const SUBSCRIPTION_EVENTS = new Set([
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "customer.subscription.paused",
  "customer.subscription.resumed",
]);
const INVOICE_EVENTS = new Set(["invoice.paid", "invoice.payment_failed", "invoice.payment_succeeded"]);
const MEMBERSHIP_MODES = new Set(["subscription", "setup"]);

/** Whether an event is the memberships' to handle (decided on the signed payload before any call to Stripe). */
export function isMembershipEvent(event: StripeEventTrigger): boolean {
  if (SUBSCRIPTION_EVENTS.has(event.type) || INVOICE_EVENTS.has(event.type)) return true;
  return event.type === "checkout.session.completed" && MEMBERSHIP_MODES.has(event.mode ?? "");
}

export type StripeEventOutcome = "applied" | "duplicate" | "ignored";

export async function handleStripeMembershipEvent(
  db: Db,
  billing: StripeBilling,
  event: StripeEventTrigger,
  now = nowIso(),
): Promise<StripeEventOutcome> {
  if (await wasEventApplied(db, event.id)) return "duplicate";
  const record = { id: event.id, type: event.type };
  let subscriptionId: string | null;
  if (SUBSCRIPTION_EVENTS.has(event.type)) subscriptionId = event.objectId;
  else if (INVOICE_EVENTS.has(event.type)) subscriptionId = event.subscriptionId;
  else if (event.mode === "setup") subscriptionId = await finishStripeCardUpdate(db, billing, event.objectId);
  else {
    const session = await billing.getCheckout(event.objectId);
    subscriptionId = session.status === "complete" ? session.subscriptionId : null;
  }
  // An invoice outside a subscription, or a session that is not complete: nothing of ours to mirror.
  if (!subscriptionId) return "ignored";
  const result = await syncStripeSubscription(db, billing, subscriptionId, record, now);
  return result.applied ? "applied" : result.membershipId === null ? "ignored" : "duplicate";
}

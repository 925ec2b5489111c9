// A card update through Stripe Checkout in mode=setup completed (issue 15, item 5, the tokenized variant): the
// session is re-fetched, its new PaymentMethod becomes the subscription's default_payment_method, and when the
// subscription is past due its open invoice is paid at once ("updating the card retries the open charge at
// once"). A decline of that payment leaves the subscription past due: Stripe says so in its own events. Answers
// the subscription to mirror, or null when the session is not a completed card update of one of our memberships.
import type { StripeBilling } from "#core/ports/stripe-billing.ts";
import type { Db } from "#platform/db/connection.ts";

export async function finishStripeCardUpdate(
  db: Db,
  billing: StripeBilling,
  sessionId: string,
): Promise<string | null> {
  const session = await billing.getCheckout(sessionId);
  const subscriptionId = session.metadata.subscription_id;
  if (session.mode !== "setup" || session.status !== "complete" || !session.setupPaymentMethodId || !subscriptionId)
    return null;
  const membership = await db
    .selectFrom("memberships")
    .select("id")
    .where("provider", "=", "stripe")
    .where("provider_subscription_ref", "=", subscriptionId)
    .executeTakeFirst();
  if (!membership) return null;
  // Keys from the session: a redelivered event repeats the same requests, which Stripe answers from its record.
  await billing.setDefaultPaymentMethod(subscriptionId, session.setupPaymentMethodId, `studium-card-${session.id}`);
  const subscription = await billing.getSubscription(subscriptionId);
  if ((subscription.status === "past_due" || subscription.status === "unpaid") && subscription.latestInvoiceId) {
    const open = (await billing.listInvoices(subscriptionId)).find(
      (invoice) => invoice.id === subscription.latestInvoiceId && invoice.status === "open",
    );
    // Declined again: the subscription stays past due and Stripe keeps retrying (its invoice.payment_failed
    // event tells us); the card is saved all the same. A network error throws: the event is delivered again.
    if (open) await billing.payInvoice(open.id, `studium-pay-${open.id}-${session.id}`);
  }
  return subscriptionId;
}

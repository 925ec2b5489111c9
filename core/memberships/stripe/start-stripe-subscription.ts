// POST /stripe/subscribe/checkout (spec §7; issue 15, Stripe Billing): the membership is written STARTED with
// provider `stripe` (start-subscription.ts: the same checks and price as every provider), then Stripe gets the
// customer (the user's earlier one reused), the plan's Price at the member's price and period (made once per plan,
// price, currency and period: a price change makes a new Price, members keep theirs) and a Checkout Session in
// mode=subscription with the plan's trial days. Access comes from the webhooks, never from the redirect.
// Every POST carries an idempotency key derived from our ids. Lifetime plans are one payment: not Stripe Billing.
import { AppError } from "#core/errors.ts";
import type { StripeBilling } from "#core/ports/stripe-billing.ts";
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { parseInput } from "../../validation.ts";
import { type Actor, authorizeUser } from "../../shared/actor.ts";
import { LIFETIME } from "../periods.ts";
import { canSubscribe } from "../policies.ts";
import { subscribeSchema } from "../schemas.ts";
import { type SubscriptionStart, startSubscription } from "../start-subscription.ts";

export type StripeCheckoutContext = { baseUrl: string; language: "en" | "pl"; now?: string };

export async function startStripeSubscription(
  db: Db,
  billing: StripeBilling | null,
  actor: Actor,
  input: unknown,
  context: StripeCheckoutContext,
): Promise<SubscriptionStart> {
  const { userId } = authorizeUser(actor, canSubscribe(actor));
  const { plan: planId } = parseInput(subscribeSchema, input);
  if (!billing) throw new AppError("unavailable", { messageKey: "checkout:no_provider" });
  const plan = await db.selectFrom("membership_plans").selectAll().where("id", "=", planId).executeTakeFirst();
  if (!plan) throw new AppError("not_found");
  if (plan.period_months === LIFETIME && plan.price_cents > 0)
    throw new AppError("validation", { fields: { provider: [{ key: "memberships_stripe:lifetime_not_recurring" }] } });

  const start = await startSubscription(
    db,
    actor,
    { ...(input as Record<string, unknown>), provider: "stripe" },
    { providers: ["stripe"], now: context.now },
  );
  if (plan.price_cents === 0) return start;
  const membership = await db
    .selectFrom("memberships")
    .select(["id", "price_cents", "currency", "period_months"])
    .where("id", "=", start.membership_id)
    .executeTakeFirstOrThrow();

  try {
    const priceId = await stripePriceFor(db, billing, {
      planId: plan.id,
      name: plan.name,
      amountCents: membership.price_cents,
      currency: membership.currency,
      periodMonths: membership.period_months,
    });
    const customerId = await stripeCustomerFor(db, billing, userId);
    await db
      .updateTable("memberships")
      .set({ provider_customer_ref: customerId, updated_at: context.now ?? nowIso() })
      .where("id", "=", membership.id)
      .execute();
    const session = await billing.createSubscriptionCheckout({
      customerId,
      priceId,
      trialDays: plan.trial_days,
      membershipHash: start.hash,
      language: context.language,
      successUrl: `${context.baseUrl}/my/membership?stripe=subscribed`,
      cancelUrl: `${context.baseUrl}/subscribe/checkout?plan=${plan.id}`,
      idempotencyKey: `studium-membership-${start.hash}-checkout`,
    });
    return { ...start, redirect: session.url };
  } catch (error) {
    if (error instanceof AppError) throw error;
    // The membership stays STARTED (an abandoned checkout); the buyer may try again at once.
    throw new AppError("unavailable", { messageKey: "checkout:transaction_error" });
  }
}

/** The Stripe Price of a plan at this price, currency and period: made once, then kept. */
async function stripePriceFor(
  db: Db,
  billing: StripeBilling,
  price: { planId: number; name: string; amountCents: number; currency: string; periodMonths: number },
): Promise<string> {
  const find = () =>
    db
      .selectFrom("membership_stripe_prices")
      .select("stripe_price_id")
      .where("plan_id", "=", price.planId)
      .where("price_cents", "=", price.amountCents)
      .where("currency", "=", price.currency)
      .where("period_months", "=", price.periodMonths)
      .executeTakeFirst();
  const kept = await find();
  if (kept) return kept.stripe_price_id;
  const stripePriceId = await billing.createPrice({
    ...price,
    idempotencyKey: `studium-plan-${price.planId}-price-${price.amountCents}-${price.currency}-${price.periodMonths}`,
  });
  // Two first buyers at once: the same idempotency key gave both the same Price; the unique index keeps one row.
  await db
    .insertInto("membership_stripe_prices")
    .values({
      plan_id: price.planId,
      price_cents: price.amountCents,
      currency: price.currency,
      period_months: price.periodMonths,
      stripe_price_id: stripePriceId,
      created_at: nowIso(),
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return (await find())?.stripe_price_id ?? stripePriceId;
}

/** The user's Stripe customer: the one an earlier membership made, else a new one. */
async function stripeCustomerFor(db: Db, billing: StripeBilling, userId: number): Promise<string> {
  const earlier = await db
    .selectFrom("memberships")
    .select("provider_customer_ref")
    .where("user_id", "=", userId)
    .where("provider", "=", "stripe")
    .where("provider_customer_ref", "is not", null)
    .orderBy("id")
    .executeTakeFirst();
  if (earlier?.provider_customer_ref) return earlier.provider_customer_ref;
  const user = await db
    .selectFrom("users")
    .select(["email", "name"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  return billing.createCustomer({
    email: user.email,
    name: user.name,
    userId,
    idempotencyKey: `studium-user-${userId}-customer`,
  });
}

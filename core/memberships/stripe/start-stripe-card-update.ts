// POST /my/membership/stripe-card {membership_id} -> {redirect} (issue 15, item 5, the tokenized card variant for
// Stripe): a Checkout Session in mode=setup for the member's customer; its completion (webhook) sets the new card
// as the subscription's default and pays a past-due invoice at once (finish-stripe-card-update.ts).
import { AppError } from "#core/errors.ts";
import type { StripeBilling } from "#core/ports/stripe-billing.ts";
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { formIdSchema } from "#core/shared/ids.ts";
import { z } from "zod";
import { parseInput } from "../../validation.ts";
import { type Actor, authorizeUser } from "../../shared/actor.ts";
import { requireOwnMembership } from "../internal/own-membership.ts";
import { canManageOwnMembership } from "../policies.ts";

const cardUpdateSchema = z.object({ membership_id: formIdSchema });

/** Statuses whose card still matters: Stripe will charge it (or retries it). */
const CARD_STATUSES = new Set(["active", "at_risk", "past_due", "canceled"]);

export async function startStripeCardUpdate(
  db: Db,
  billing: StripeBilling | null,
  actor: Actor,
  input: unknown,
  context: { baseUrl: string; language: "en" | "pl"; now?: string },
): Promise<{ membership_id: number; redirect: string }> {
  const { userId } = authorizeUser(actor, canManageOwnMembership(actor));
  const { membership_id } = parseInput(cardUpdateSchema, input);
  const membership = await requireOwnMembership(db, userId, membership_id);
  if (
    membership.provider !== "stripe" ||
    !membership.provider_customer_ref ||
    !membership.provider_subscription_ref ||
    !CARD_STATUSES.has(membership.status)
  )
    throw new AppError("conflict", { messageKey: "memberships_stripe:card_not_updatable" });
  if (!billing) throw new AppError("unavailable", { messageKey: "checkout:no_provider" });
  const now = context.now ?? nowIso();
  try {
    const session = await billing.createSetupCheckout({
      customerId: membership.provider_customer_ref,
      subscriptionId: membership.provider_subscription_ref,
      currency: membership.currency,
      language: context.language,
      successUrl: `${context.baseUrl}/my/membership?stripe=card`,
      cancelUrl: `${context.baseUrl}/my/membership`,
      idempotencyKey: `studium-membership-${membership.id}-card-${now}`,
    });
    return { membership_id: membership.id, redirect: session.url };
  } catch {
    throw new AppError("unavailable", { messageKey: "memberships_stripe:stripe_unavailable" });
  }
}

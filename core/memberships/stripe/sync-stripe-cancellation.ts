// Cancel and resume of a Stripe membership reach Stripe first (issue 15, Stripe Billing): cancel_at_period_end
// true or false on the subscription, before our own cancel-membership.ts / resume-membership.ts run unchanged (the
// §4 flow and its survey stay as they are). A refusal by Stripe leaves our row untouched; a crash between the two
// is mended by Stripe's customer.subscription.updated event, which is mirrored. Other providers pass through.
import { AppError } from "#core/errors.ts";
import type { StripeBilling } from "#core/ports/stripe-billing.ts";
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { parseInput } from "../../validation.ts";
import { type Actor, authorizeUser } from "../../shared/actor.ts";
import { requireOwnMembership } from "../internal/own-membership.ts";
import { LIFETIME } from "../periods.ts";
import { canManageOwnMembership } from "../policies.ts";
import { cancelSchema, resumeSchema } from "../schemas.ts";

/** Tells Stripe before a cancellation (true) or a resume (false); nothing for a membership Stripe does not bill. */
export async function syncStripeCancellation(
  db: Db,
  billing: () => Promise<StripeBilling | null>,
  actor: Actor,
  input: unknown,
  cancel: boolean,
  now = nowIso(),
): Promise<void> {
  const { userId } = authorizeUser(actor, canManageOwnMembership(actor));
  // The whole form is checked first: a missing CANCEL never reaches Stripe.
  const { membership_id } = parseInput(cancel ? cancelSchema : resumeSchema, input);
  const membership = await requireOwnMembership(db, userId, membership_id);
  if (membership.provider !== "stripe" || !membership.provider_subscription_ref) return;
  // Only the changes our own use-case will make (it answers the other cases with its 409).
  const applies = cancel
    ? ["active", "at_risk", "past_due"].includes(membership.status) && membership.period_months !== LIFETIME
    : membership.status === "canceled" && (membership.current_period_end ?? "") > now;
  if (!applies) return;
  const stripe = await billing();
  if (!stripe) throw new AppError("unavailable", { messageKey: "checkout:no_provider" });
  try {
    // The key names the change and the row's version: a retried request repeats, a later change is new.
    await stripe.setCancelAtPeriodEnd(
      membership.provider_subscription_ref,
      cancel,
      `studium-membership-${membership.id}-${cancel ? "cancel" : "resume"}-${membership.updated_at}`,
    );
  } catch {
    throw new AppError("unavailable", { messageKey: "memberships_stripe:stripe_unavailable" });
  }
}

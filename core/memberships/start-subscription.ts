// POST /subscribe/checkout (spec §7): a signed-in user starts a membership of a plan. The membership is written
// STARTED at the plan's current price (which it keeps for good), then the buyer goes to the provider's payment
// page (the test provider's simulated page for now); a free plan starts at once. Refused: a plan that does not
// exist (404), closed sign-ups or an existing live membership of the plan (409), no provider on (503).
import { AppError } from "#core/errors.ts";
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { parseInput } from "../validation.ts";
import { type Actor, authorizeUser } from "../shared/actor.ts";
import { activateMembership } from "./activate-membership.ts";
import { newCheckoutHash } from "./internal/checkout-hash.ts";
import { ACCESS_STATUSES } from "./periods.ts";
import { canSubscribe } from "./policies.ts";
import { subscribeSchema } from "./schemas.ts";

export type SubscriptionStart = { membership_id: number; hash: string; redirect: string };

export async function startSubscription(
  db: Db,
  actor: Actor,
  input: unknown,
  options: { providers: string[]; now?: string },
): Promise<SubscriptionStart> {
  const { userId } = authorizeUser(actor, canSubscribe(actor));
  const { plan: planId, provider: requested } = parseInput(subscribeSchema, input);
  const now = options.now ?? nowIso();
  const plan = await db.selectFrom("membership_plans").selectAll().where("id", "=", planId).executeTakeFirst();
  if (!plan) throw new AppError("not_found");
  if (plan.signups_open !== 1) throw new AppError("conflict", { messageKey: "memberships:signups_closed" });
  const free = plan.price_cents === 0;
  const provider = free ? "free" : requested || options.providers[0];
  if (!free && options.providers.length === 0)
    throw new AppError("unavailable", { messageKey: "checkout:no_provider" });
  if (!free && !options.providers.includes(provider!))
    throw new AppError("validation", { fields: { provider: [{ key: "validation:in" }] } });

  const hash = newCheckoutHash();
  const id = await db.transaction().execute(async (trx) => {
    const live = await trx
      .selectFrom("memberships")
      .select("id")
      .where("user_id", "=", userId)
      .where("plan_id", "=", plan.id)
      .where("status", "in", [...ACCESS_STATUSES])
      .executeTakeFirst();
    if (live) throw new AppError("conflict", { messageKey: "memberships:already_member" });
    const row = await trx
      .insertInto("memberships")
      .values({
        user_id: userId,
        plan_id: plan.id,
        status: "STARTED",
        price_cents: plan.price_cents,
        vat_rate: plan.vat_rate,
        currency: plan.currency,
        period_months: plan.period_months,
        provider: provider!,
        checkout_hash: hash,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  });
  if (free) {
    await activateMembership(db, hash, { card: null, now });
    return { membership_id: id, hash, redirect: "/my/membership" };
  }
  return { membership_id: id, hash, redirect: `/subscribe/test/${hash}` };
}

// The member changes the card of their membership (issue 15 item 5; spec §7: POST /my/membership/card {cypher} ->
// {redirect}, errors under `cypher`, `sale`, `membership` or `card` with §8's texts). The browser's cypher goes to
// the membership's card processor untouched (the built-in test provider reads it with the school's key; Tpay with
// its panel's), asking for a saved card. When a charge is open (past due, or a renewal due now), the new card pays
// it at once: the period's charge row is claimed exactly as the renewal claims it (renew-membership.ts
// claimCharge), so a renewal job running at the same time charges nothing, and the payment is recorded as the
// renewal would record it (record-charge.ts). A refused card gives the claim back untouched: the dunning goes on
// with its own days. An answer we cannot read leaves the charge pending for the reconcile (never charged twice).
import { randomBytes } from "node:crypto";
import { AppError } from "#core/errors.ts";
import type { CardChargeResult, CardFailureCode, CardSummary } from "#core/ports/card-payments.ts";
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import type { MembershipCharge } from "#platform/db/schema.ts";
import { type Actor, authorizeUser } from "../shared/actor.ts";
import { parseInput } from "../validation.ts";
import { cardFailureField, cardFailureMessageKey } from "./card/card-failures.ts";
import { publicKeyPemOf } from "./card/card-key-pair.ts";
import { checkCypherEnvelope } from "./card/cypher-envelope.ts";
import type { CardProcessor } from "./card/card-processors.ts";
import { LIFETIME, cardExpiresBefore, nextRetryAt } from "./periods.ts";
import { canManageOwnMembership } from "./policies.ts";
import { recordChargePaid } from "./record-charge.ts";
import { claimCharge } from "./renew-membership.ts";
import { cardUpdateSchema } from "./schemas.ts";

/** The memberships whose card may change: those that still renew or retry (a canceled one may be resumed). */
export const CARD_UPDATE_STATUSES = ["active", "at_risk", "past_due", "canceled"] as const;

export type CardUpdateDeps = {
  /** the card processor of the membership's provider, with the public key its pages encrypt with; null: none */
  processorFor(provider: string): Promise<CardProcessor | null>;
  appUrl: string;
  language: "en" | "pl";
  now?: string;
};

export type CardUpdateResult = { redirect: string; membership_id: number; charged: boolean };

function cardError(code: CardFailureCode): AppError {
  const key = cardFailureMessageKey(code);
  return new AppError("validation", { messageKey: key, fields: { [cardFailureField(code)]: [{ key }] } });
}

function membershipError(key: string): AppError {
  return new AppError("validation", { messageKey: key, fields: { membership: [{ key }] } });
}

/** The member's membership: the one asked for (404 when it is another user's), else their newest live one. */
async function findMembership(db: Db, userId: number, membershipId: number | undefined) {
  let query = db
    .selectFrom("memberships as m")
    .innerJoin("membership_plans as p", "p.id", "m.plan_id")
    .innerJoin("users as u", "u.id", "m.user_id")
    .selectAll("m")
    .select(["p.name as plan_name", "u.email", "u.name as user_name"])
    .where("m.user_id", "=", userId);
  if (membershipId !== undefined) query = query.where("m.id", "=", membershipId);
  else query = query.where("m.status", "in", [...CARD_UPDATE_STATUSES]);
  const membership = await query.orderBy("m.id", "desc").executeTakeFirst();
  if (!membership && membershipId !== undefined) throw new AppError("not_found");
  return membership ?? null;
}

/** Gives a claimed charge back as it was when the new card did not pay it (the dunning's days stay). */
async function releaseClaim(db: Db, charge: MembershipCharge, inserted: boolean, now: string): Promise<void> {
  if (inserted) {
    await db.deleteFrom("membership_charges").where("id", "=", charge.id).where("status", "=", "pending").execute();
    return;
  }
  const attempts = charge.attempts - 1;
  await db
    .updateTable("membership_charges")
    .set({ status: "failed", attempts, next_retry_at: nextRetryAt(charge.created_at, attempts), updated_at: now })
    .where("id", "=", charge.id)
    .where("status", "=", "pending")
    .execute();
}

export async function updateCard(
  db: Db,
  actor: Actor,
  input: unknown,
  deps: CardUpdateDeps,
): Promise<CardUpdateResult> {
  const now = deps.now ?? nowIso();
  const { userId } = authorizeUser(actor, canManageOwnMembership(actor));
  const raw = (input ?? {}) as Record<string, unknown>;
  if (raw.cypher === undefined || raw.cypher === null || raw.cypher === "") throw cardError("check_details");
  const { membership_id, cypher } = parseInput(cardUpdateSchema, input);

  const membership = await findMembership(db, userId, membership_id);
  if (!membership) throw membershipError("memberships_card:no_membership");
  if (!(CARD_UPDATE_STATUSES as readonly string[]).includes(membership.status))
    throw membershipError("memberships_card:not_renewing");
  if (membership.period_months === LIFETIME) throw membershipError("memberships_card:lifetime");
  const processor = await deps.processorFor(membership.provider);
  if (!processor) throw membershipError("memberships_card:provider_unsupported");
  // What can be checked without the key's private half: one block of the key's size (production never decrypts).
  if (!checkCypherEnvelope(cypher, publicKeyPemOf(processor.publicKeyBase64)).ok) throw cardError("card_invalid");

  // The open charge: a past-due period, or a renewal due now. Claimed like the renewal claims it.
  const due = membership.current_period_end !== null && membership.current_period_end <= now;
  const claim =
    membership.status !== "canceled" && due
      ? await claimCharge(db, membership.id, membership.period_number + 1, now, { retryNow: true })
      : null;
  // A renewal of this period is being charged right now: try again in a moment rather than charge twice.
  if (membership.status === "past_due" && !claim) throw cardError("transaction_error");

  let result: CardChargeResult;
  try {
    result = await processor.payments.payWithCypher(
      {
        reference: `membership:${membership.id}:card:${randomBytes(8).toString("base64url")}`,
        // With no charge open, the processor checks the card without taking money (the test processor simulates it).
        amountCents: claim?.charge.amount_cents ?? 0,
        currency: membership.currency,
        description: membership.plan_name,
        buyer: { email: membership.email, name: membership.user_name ?? "" },
        language: deps.language,
        notifyUrl: `${deps.appUrl}/payments/${membership.provider}/notify`,
        returnUrl: `${deps.appUrl}/my/membership`,
      },
      { cypher, save: true },
    );
  } catch {
    // The processor may have charged: a claimed charge stays pending for the reconcile, never charged again here.
    throw cardError("transaction_error");
  }

  if (result.outcome === "failed") {
    if (claim) await releaseClaim(db, claim.charge, claim.inserted, now);
    throw cardError(result.failure);
  }
  if (result.outcome !== "paid")
    // 3-D Secure or a payment still settling: the processor's notification finishes it; the member comes back
    // to the membership page.
    return {
      redirect: result.outcome === "redirect" ? result.redirectUrl : "/my/membership",
      membership_id: membership.id,
      charged: false,
    };

  const card: CardSummary | undefined = result.card;
  await db.transaction().execute(async (trx) => {
    if (result.cardToken && card) {
      const next = membership.current_period_end;
      await trx
        .updateTable("memberships")
        .set({
          provider_token: result.cardToken,
          card_brand: card.brand,
          card_last4: card.last4,
          card_exp_month: card.expMonth,
          card_exp_year: card.expYear,
          updated_at: now,
        })
        .where("id", "=", membership.id)
        .execute();
      // A card that outlives the next charge takes the 'at risk' mark off.
      if (
        !claim &&
        membership.status === "at_risk" &&
        !cardExpiresBefore({ card_exp_month: card.expMonth, card_exp_year: card.expYear }, next)
      )
        await trx
          .updateTable("memberships")
          .set({ status: "active", updated_at: now })
          .where("id", "=", membership.id)
          .where("status", "=", "at_risk")
          .execute();
    }
    if (claim) {
      const expiry =
        result.cardToken && card ? card : { expMonth: membership.card_exp_month, expYear: membership.card_exp_year };
      await recordChargePaid(
        trx,
        claim.charge,
        {
          id: membership.id,
          started_at: membership.started_at,
          period_months: membership.period_months,
          card_exp_month: expiry.expMonth,
          card_exp_year: expiry.expYear,
        },
        result.providerRef,
        now,
      );
    }
  });
  // Charged, but no card came back to renew with: §8's 'Card problem' (the period is paid all the same).
  if (!result.cardToken || !card) throw cardError("card_problem");
  return { redirect: "/my/membership?card=updated", membership_id: membership.id, charged: claim !== null };
}

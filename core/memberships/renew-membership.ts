// One membership's renewal for one period (issue 15, items 3-4), run by the memberships.renew job. Exactly once:
// the charge row of (membership, period) is claimed first (its unique key, also the idempotency key the provider
// receives), so a second worker, a repeated job or a retried one finds it taken and charges nothing. The provider
// is called outside any database transaction; its answer is then recorded: paid extends the period by one and
// returns the membership to active (at risk when the card expires before the next charge); a decline makes it
// past_due with retries on days +1, +3, +5, +7 after the first failure, then expired; a hard decline (stolen, lost
// card) expires it at once, never retried (record-charge.ts, shared with the card update's retry).
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import type { MembershipCharge } from "#platform/db/schema.ts";
import { crashPoint } from "#platform/crash-points.ts";
import { type TokenChargeResult, type TokenChargers, idempotencyKeyOf } from "./billing.ts";
import { LIFETIME } from "./periods.ts";
import { recordChargeFailed, recordChargePaid } from "./record-charge.ts";
import { renewalAmount } from "./retention.ts";

export type RenewalOutcome = "paid" | "retrying" | "expired" | "skipped";

export type Claim = { charge: MembershipCharge; inserted: boolean } | null;

/**
 * Takes the period's charge for this worker: a new row, or a failed one whose retry is due (any failed one with
 * `retryNow`: the member has just given a new card, update-card.ts).
 */
export async function claimCharge(
  db: Db,
  membershipId: number,
  period: number,
  now: string,
  options: { retryNow?: boolean } = {},
): Promise<Claim> {
  return db.transaction().execute(async (trx) => {
    const membership = await trx
      .selectFrom("memberships")
      .selectAll()
      .where("id", "=", membershipId)
      .executeTakeFirst();
    if (!membership || membership.period_months === LIFETIME) return null;
    if (!["active", "at_risk", "past_due"].includes(membership.status)) return null;
    if (membership.period_number + 1 !== period) return null;
    if (membership.current_period_end === null || membership.current_period_end > now) return null;
    const inserted = await trx
      .insertInto("membership_charges")
      .values({
        membership_id: membershipId,
        period_number: period,
        idempotency_key: idempotencyKeyOf(membershipId, period),
        // The price the member signed up at, less a retention discount for the periods it covers.
        amount_cents: renewalAmount(membership, period),
        currency: membership.currency,
        status: "pending",
        attempts: 1,
        provider: membership.provider,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) return { charge: inserted, inserted: true };
    let retry = trx
      .updateTable("membership_charges")
      .set((eb) => ({ status: "pending", attempts: eb("attempts", "+", 1), next_retry_at: null, updated_at: now }))
      .where("membership_id", "=", membershipId)
      .where("period_number", "=", period)
      .where("status", "=", "failed");
    if (!options.retryNow) retry = retry.where("next_retry_at", "<=", now);
    const retried = await retry.returningAll().executeTakeFirst();
    return retried ? { charge: retried, inserted: false } : null;
  });
}

export async function renewMembership(
  db: Db,
  chargers: TokenChargers,
  target: { membershipId: number; period: number },
  now = nowIso(),
): Promise<RenewalOutcome> {
  const claim = await claimCharge(db, target.membershipId, target.period, now);
  if (!claim) return "skipped";
  crashPoint("membership.renewal-claimed");
  return chargeClaimed(db, chargers, claim.charge, now);
}

/**
 * Charges a claimed (pending) charge and records the answer; `lookupFirst` asks the provider what became of the
 * idempotency key before charging (the reconcile of a charge a crash left pending: reconcile-charges.ts).
 */
export async function chargeClaimed(
  db: Db,
  chargers: TokenChargers,
  charge: MembershipCharge,
  now: string,
  options: { lookupFirst?: boolean } = {},
): Promise<Exclude<RenewalOutcome, "skipped">> {
  const target = { membershipId: charge.membership_id, period: charge.period_number };
  const membership = await db
    .selectFrom("memberships as m")
    .innerJoin("membership_plans as p", "p.id", "m.plan_id")
    .select(["m.provider", "m.provider_token", "m.started_at", "m.period_months", "p.name"])
    .select(["m.card_exp_month", "m.card_exp_year"])
    .where("m.id", "=", target.membershipId)
    .executeTakeFirstOrThrow();

  const charger = chargers.get(membership.provider);
  const request = membership.provider_token
    ? {
        token: membership.provider_token,
        amountCents: charge.amount_cents,
        currency: charge.currency,
        idempotencyKey: charge.idempotency_key,
        description: membership.name.slice(0, 120),
      }
    : null;
  if (options.lookupFirst && charger && request && !charger.lookup)
    throw new Error(`${charger.name} cannot say what became of a charge: left pending`);
  const found = options.lookupFirst && charger?.lookup && request ? await charger.lookup(request) : null;
  const result: TokenChargeResult | { outcome: "paid"; providerRef: null } =
    charge.amount_cents === 0
      ? { outcome: "paid", providerRef: null }
      : found
        ? found
        : !charger || !request
          ? { outcome: "declined", providerRef: null, reason: "no_saved_card" }
          : await charger.chargeToken(request);
  crashPoint("membership.renewal-charged");

  return db.transaction().execute(async (trx) => {
    if (result.outcome === "paid") {
      await recordChargePaid(trx, charge, { id: target.membershipId, ...membership }, result.providerRef, now);
      return "paid";
    }
    return recordChargeFailed(trx, charge, result, now);
  });
}

// What the card update page (/my/membership/card) shows: the member's membership whose card may change (the one
// asked for, else the newest that still renews), its current card, the charge the new card would pay at once
// (past due, or a renewal due now), and the public key the card form encrypts with (its provider's). Another
// user's membership is a 404; none, or one this server cannot take a card for, is said on the page.
import { AppError } from "#core/errors.ts";
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import type { MembershipStatus } from "#platform/db/schema.ts";
import { type Actor, authorizeUser } from "../shared/actor.ts";
import { LIFETIME } from "./periods.ts";
import { canManageOwnMembership } from "./policies.ts";
import type { CardProcessor } from "./card/card-processors.ts";
import { CARD_UPDATE_STATUSES } from "./update-card.ts";

export type CardUpdateView = {
  membership: {
    id: number;
    plan_name: string;
    status: MembershipStatus;
    card: { brand: string; last4: string; exp_month: number | null; exp_year: number | null } | null;
    /** what the new card pays at once; null: nothing is due */
    open_charge: { amount_cents: number; currency: string } | null;
  } | null;
  /** base64 of the PEM public key for the cypher; null when the card cannot be changed here */
  public_key: string | null;
};

export async function getCardUpdateView(
  db: Db,
  actor: Actor,
  options: {
    membershipId?: number;
    processorFor(provider: string): Promise<CardProcessor | null>;
    now?: string;
  },
): Promise<CardUpdateView> {
  const now = options.now ?? nowIso();
  const { userId } = authorizeUser(actor, canManageOwnMembership(actor));
  let query = db
    .selectFrom("memberships as m")
    .innerJoin("membership_plans as p", "p.id", "m.plan_id")
    .selectAll("m")
    .select("p.name as plan_name")
    .where("m.user_id", "=", userId)
    .where("m.period_months", "!=", LIFETIME);
  query =
    options.membershipId !== undefined
      ? query.where("m.id", "=", options.membershipId)
      : query.where("m.status", "in", [...CARD_UPDATE_STATUSES]);
  const row = await query.orderBy("m.id", "desc").executeTakeFirst();
  if (!row && options.membershipId !== undefined) throw new AppError("not_found");
  if (!row || !(CARD_UPDATE_STATUSES as readonly string[]).includes(row.status))
    return { membership: null, public_key: null };
  const processor = await options.processorFor(row.provider);
  const due =
    row.status !== "canceled" && row.current_period_end !== null && row.current_period_end <= now
      ? await db
          .selectFrom("membership_charges")
          .select(["amount_cents", "currency", "status"])
          .where("membership_id", "=", row.id)
          .where("period_number", "=", row.period_number + 1)
          .executeTakeFirst()
      : undefined;
  const openCharge =
    row.status !== "canceled" && row.current_period_end !== null && row.current_period_end <= now
      ? due && due.status !== "failed"
        ? null
        : { amount_cents: due?.amount_cents ?? row.price_cents, currency: due?.currency ?? row.currency }
      : null;
  return {
    membership: {
      id: row.id,
      plan_name: row.plan_name,
      status: row.status,
      card:
        row.card_brand && row.card_last4
          ? { brand: row.card_brand, last4: row.card_last4, exp_month: row.card_exp_month, exp_year: row.card_exp_year }
          : null,
      open_charge: openCharge,
    },
    public_key: processor?.publicKeyBase64 ?? null,
  };
}

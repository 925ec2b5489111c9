// /my/membership (issue 15, item 7): the member's memberships, newest first: plan, status, next charge date and
// amount, card brand and last digits, and the actions the status allows. An abandoned checkout (STARTED) shows for
// a day, so it can be cancelled; older ones are left out.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import type { MembershipStatus, PlanPeriod } from "#platform/db/schema.ts";
import { type Actor, authorizeUser } from "../shared/actor.ts";
import { LIFETIME, addDays, membershipOpens } from "./periods.ts";
import { canManageOwnMembership } from "./policies.ts";
import { renewalAmount } from "./retention.ts";
import { canWithdraw, withdrawalDeadline } from "./withdrawal.ts";

export type MyMembership = {
  id: number;
  plan_id: number;
  plan_name: string;
  status: MembershipStatus;
  price_cents: number;
  currency: string;
  period_months: PlanPeriod;
  current_period_end: string | null;
  trial_ends_at: string | null;
  /** when the next charge is due (a retry's day when past due); null: none coming */
  next_charge_at: string | null;
  /** what the next renewal charges (less a retention discount that covers it) */
  next_charge_cents: number;
  card: { brand: string; last4: string; exp_month: number | null; exp_year: number | null } | null;
  has_access: boolean;
  /** update_card: the card form of /my/membership/card (renewals we charge ourselves);
   * update_card_stripe: a Stripe Billing member changes the card on Stripe's page (POST /my/membership/stripe-card) */
  actions: {
    cancel: boolean;
    resume: boolean;
    subscribe_again: boolean;
    update_card: boolean;
    update_card_stripe: boolean;
    /** the EU withdrawal (withdrawal.ts): offered within 14 days of the contract */
    withdraw: boolean;
  };
  /** what a withdrawal refunds: every charge paid so far */
  paid_cents: number;
  /** the withdrawal period's last moment, while it is offered */
  withdraw_until: string | null;
  /** when the member withdrew from the contract */
  withdrawn_at: string | null;
  /** the cancellation whose survey is not answered yet */
  survey_pending: boolean;
};

export async function getMyMemberships(db: Db, actor: Actor, now = nowIso()): Promise<MyMembership[]> {
  const { userId } = authorizeUser(actor, canManageOwnMembership(actor));
  const rows = await db
    .selectFrom("memberships as m")
    .innerJoin("membership_plans as p", "p.id", "m.plan_id")
    .selectAll("m")
    .select(["p.name as plan_name", "p.signups_open"])
    .where("m.user_id", "=", userId)
    .where((eb) => eb.or([eb("m.status", "!=", "STARTED"), eb("m.created_at", ">", addDays(now, -1))]))
    .orderBy("m.id", "desc")
    .execute();
  const retries = await db
    .selectFrom("membership_charges as c")
    .innerJoin("memberships as m", "m.id", "c.membership_id")
    .select(["c.membership_id", "c.next_retry_at"])
    .where("m.user_id", "=", userId)
    .where("c.status", "=", "failed")
    .where("c.next_retry_at", "is not", null)
    .execute();
  const paid = await db
    .selectFrom("membership_charges as c")
    .innerJoin("memberships as m", "m.id", "c.membership_id")
    .select(["c.membership_id", "c.amount_cents"])
    .where("m.user_id", "=", userId)
    .where("c.status", "=", "succeeded")
    .execute();
  const pendingSurveys = await db
    .selectFrom("membership_cancellations")
    .select("membership_id")
    .where("user_id", "=", userId)
    .where("answered_at", "is", null)
    .execute();
  return rows.map((row) => {
    const renewing = ["active", "at_risk"].includes(row.status) && row.period_months !== LIFETIME;
    const retry = retries.find((r) => r.membership_id === row.id)?.next_retry_at ?? null;
    const live = ["active", "at_risk", "past_due", "canceled"].includes(row.status);
    const withdrawable = canWithdraw(row, now);
    return {
      id: row.id,
      plan_id: row.plan_id,
      plan_name: row.plan_name,
      status: row.status,
      price_cents: row.price_cents,
      currency: row.currency,
      period_months: row.period_months,
      current_period_end: row.current_period_end,
      trial_ends_at: row.trial_ends_at,
      next_charge_at: row.status === "past_due" ? retry : renewing ? row.current_period_end : null,
      next_charge_cents: renewalAmount(row, row.period_number + 1),
      card:
        row.card_brand && row.card_last4
          ? { brand: row.card_brand, last4: row.card_last4, exp_month: row.card_exp_month, exp_year: row.card_exp_year }
          : null,
      has_access: membershipOpens(row, now),
      actions: {
        cancel:
          row.status === "STARTED" ||
          (["active", "at_risk", "past_due"].includes(row.status) && row.period_months !== LIFETIME),
        resume: row.status === "canceled" && row.current_period_end !== null && row.current_period_end > now,
        subscribe_again: !live && row.status !== "STARTED" && row.signups_open === 1,
        update_card: live && row.provider !== "stripe" && row.period_months !== LIFETIME,
        update_card_stripe: live && row.provider === "stripe" && row.provider_subscription_ref !== null,
        withdraw: withdrawable,
      },
      paid_cents: paid.filter((c) => c.membership_id === row.id).reduce((sum, c) => sum + c.amount_cents, 0),
      withdraw_until: withdrawable ? withdrawalDeadline(row) : null,
      withdrawn_at: row.withdrawn_at,
      survey_pending: pendingSurveys.some((s) => s.membership_id === row.id),
    };
  });
}

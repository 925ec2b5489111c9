// The simulated payment page of a membership checkout (/subscribe/test/{hash}): what it charges, for what plan.
import type { Db } from "#platform/db/connection.ts";

export type TestCheckoutView = {
  hash: string;
  plan_name: string;
  price_cents: number;
  currency: string;
  period_months: number;
  trial_days: number;
  open: boolean;
};

export async function getTestCheckoutView(db: Db, hash: string): Promise<TestCheckoutView | null> {
  const row = await db
    .selectFrom("memberships as m")
    .innerJoin("membership_plans as p", "p.id", "m.plan_id")
    .select(["m.checkout_hash", "m.status", "m.provider", "m.price_cents", "m.currency", "m.period_months"])
    .select(["p.name", "p.trial_days"])
    .where("m.checkout_hash", "=", hash)
    .executeTakeFirst();
  if (!row || row.provider !== "test") return null;
  return {
    hash: row.checkout_hash,
    plan_name: row.name,
    price_cents: row.price_cents,
    currency: row.currency,
    period_months: row.period_months,
    trial_days: row.trial_days,
    open: row.status === "STARTED",
  };
}

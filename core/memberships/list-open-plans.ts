// The plans that take new members (issue 16, item 5): offered on an article for members to whoever may not read
// it yet. Public: a plan's name and price are what the page sells.
import type { Db } from "#platform/db/connection.ts";
import type { PlanOffer } from "./list-plans-opening.ts";

export async function listOpenPlans(db: Db): Promise<PlanOffer[]> {
  return db
    .selectFrom("membership_plans")
    .select(["id", "name", "price_cents", "currency", "period_months", "trial_days"])
    .where("signups_open", "=", 1)
    .orderBy("price_cents")
    .orderBy("id")
    .execute();
}

// The plans that open a course or a product and take new members (issue 15, item 2): listed on the course's or
// product's sales page, each with its subscribe button. Public: a plan's name and price are what the page sells.
import type { Db } from "#platform/db/connection.ts";
import type { PlanPeriod } from "#platform/db/schema.ts";

export type PlanOffer = {
  id: number;
  name: string;
  price_cents: number;
  currency: string;
  period_months: PlanPeriod;
  trial_days: number;
};

export async function listPlansOpening(
  db: Db,
  target: { courseId: number } | { productId: number },
): Promise<PlanOffer[]> {
  let query = db
    .selectFrom("membership_plans as p")
    .select(["p.id", "p.name", "p.price_cents", "p.currency", "p.period_months", "p.trial_days"])
    .where("p.signups_open", "=", 1);
  query =
    "courseId" in target
      ? query.where((eb) =>
          eb.exists(
            eb
              .selectFrom("membership_plan_courses as k")
              .select("k.plan_id")
              .whereRef("k.plan_id", "=", "p.id")
              .where("k.course_id", "=", target.courseId),
          ),
        )
      : query.where((eb) =>
          eb.exists(
            eb
              .selectFrom("membership_plan_products as k")
              .select("k.plan_id")
              .whereRef("k.plan_id", "=", "p.id")
              .where("k.product_id", "=", target.productId),
          ),
        );
  return query.orderBy("p.price_cents").orderBy("p.id").execute();
}

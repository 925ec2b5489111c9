// GET /subscribe/checkout?plan=<id>: what the visitor subscribes to (name, price and period, trial, what it opens)
// and whether they can: sign-ups open, not already a member, a payment provider on (the test provider for now).
import { AppError } from "#core/errors.ts";
import type { Db } from "#platform/db/connection.ts";
import type { PlanPeriod } from "#platform/db/schema.ts";
import { idFromText } from "../shared/ids.ts";
import { type Actor, userIdOf } from "../shared/actor.ts";
import { ACCESS_STATUSES } from "./periods.ts";

export type SubscribeView = {
  plan: {
    id: number;
    name: string;
    description: string;
    price_cents: number;
    vat_rate: number;
    currency: string;
    period_months: PlanPeriod;
    trial_days: number;
    signups_open: boolean;
  };
  opens: { courses: string[]; products: string[]; topics: string[] };
  /** the viewer's live membership of this plan, if any */
  member: boolean;
};

export async function getSubscribeView(db: Db, actor: Actor, planText: unknown): Promise<SubscribeView> {
  const id = idFromText(planText);
  if (id === undefined) throw new AppError("not_found");
  const plan = await db.selectFrom("membership_plans").selectAll().where("id", "=", id).executeTakeFirst();
  if (!plan) throw new AppError("not_found");
  const [courses, products, topics] = await Promise.all([
    db
      .selectFrom("membership_plan_courses as k")
      .innerJoin("courses as c", "c.id", "k.course_id")
      .select("c.title")
      .where("k.plan_id", "=", id)
      .orderBy("c.title")
      .execute(),
    db
      .selectFrom("membership_plan_products as k")
      .innerJoin("products as p", "p.id", "k.product_id")
      .select("p.title")
      .where("k.plan_id", "=", id)
      .orderBy("p.title")
      .execute(),
    db
      .selectFrom("membership_plan_topics as k")
      .innerJoin("community_topics as t", "t.id", "k.topic_id")
      .select("t.title")
      .where("k.plan_id", "=", id)
      .orderBy("t.position")
      .execute(),
  ]);
  const userId = userIdOf(actor);
  const member =
    userId !== null &&
    (await db
      .selectFrom("memberships")
      .select("id")
      .where("user_id", "=", userId)
      .where("plan_id", "=", id)
      .where("status", "in", [...ACCESS_STATUSES])
      .executeTakeFirst()) !== undefined;
  return {
    plan: {
      id: plan.id,
      name: plan.name,
      description: plan.description,
      price_cents: plan.price_cents,
      vat_rate: plan.vat_rate,
      currency: plan.currency,
      period_months: plan.period_months,
      trial_days: plan.trial_days,
      signups_open: plan.signups_open === 1,
    },
    opens: {
      courses: courses.map((row) => row.title),
      products: products.map((row) => row.title),
      topics: topics.map((row) => row.title),
    },
    member,
  };
}

// What the admin's plan screens read and write beside the plan row: the plan with what it opens, and those keys
// replaced as a whole when the form is saved. Used by this folder's use-cases only.
import { AppError, fieldError } from "#core/errors.ts";
import type { Db } from "#platform/db/connection.ts";
import type { MembershipPlan } from "#platform/db/schema.ts";

export type AdminPlan = MembershipPlan & {
  course_ids: number[];
  product_ids: number[];
  topic_ids: number[];
  /** memberships that open the plan's content now or are being retried (active, at risk, past due, canceled) */
  member_count: number;
};

const KEY_TABLES = {
  course_ids: { table: "membership_plan_courses", column: "course_id", parent: "courses" },
  product_ids: { table: "membership_plan_products", column: "product_id", parent: "products" },
  topic_ids: { table: "membership_plan_topics", column: "topic_id", parent: "community_topics" },
} as const;

export type PlanKeys = { course_ids: number[]; product_ids: number[]; topic_ids: number[] };

export async function findAdminPlan(db: Db, id: number): Promise<AdminPlan | null> {
  const plan = await db.selectFrom("membership_plans").selectAll().where("id", "=", id).executeTakeFirst();
  if (!plan) return null;
  const [courses, products, topics, members] = await Promise.all([
    db
      .selectFrom("membership_plan_courses")
      .select("course_id as id")
      .where("plan_id", "=", id)
      .orderBy("course_id")
      .execute(),
    db
      .selectFrom("membership_plan_products")
      .select("product_id as id")
      .where("plan_id", "=", id)
      .orderBy("product_id")
      .execute(),
    db
      .selectFrom("membership_plan_topics")
      .select("topic_id as id")
      .where("plan_id", "=", id)
      .orderBy("topic_id")
      .execute(),
    db
      .selectFrom("memberships")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("plan_id", "=", id)
      .where("status", "in", ["active", "at_risk", "past_due", "canceled"])
      .executeTakeFirst(),
  ]);
  return {
    ...plan,
    course_ids: courses.map((row) => row.id),
    product_ids: products.map((row) => row.id),
    topic_ids: topics.map((row) => row.id),
    member_count: Number(members?.n ?? 0),
  };
}

export async function requireAdminPlan(db: Db, id: number): Promise<AdminPlan> {
  const plan = await findAdminPlan(db, id);
  if (!plan) throw new AppError("not_found");
  return plan;
}

/** Every chosen course, product and topic must exist (one deleted meanwhile is the form's mistake). */
export async function checkKeysExist(db: Db, keys: PlanKeys): Promise<void> {
  for (const [field, { parent }] of Object.entries(KEY_TABLES) as [
    keyof PlanKeys,
    (typeof KEY_TABLES)[keyof PlanKeys],
  ][]) {
    const ids = keys[field];
    if (ids.length === 0) continue;
    const found = await db.selectFrom(parent).select("id").where("id", "in", ids).execute();
    if (found.length !== ids.length) throw fieldError(field, "memberships:key_unknown");
  }
}

/** The plan opens exactly these courses, products and topics. */
export async function replacePlanKeys(db: Db, planId: number, keys: PlanKeys): Promise<void> {
  await db.deleteFrom("membership_plan_courses").where("plan_id", "=", planId).execute();
  await db.deleteFrom("membership_plan_products").where("plan_id", "=", planId).execute();
  await db.deleteFrom("membership_plan_topics").where("plan_id", "=", planId).execute();
  if (keys.course_ids.length > 0)
    await db
      .insertInto("membership_plan_courses")
      .values(keys.course_ids.map((course_id) => ({ plan_id: planId, course_id })))
      .execute();
  if (keys.product_ids.length > 0)
    await db
      .insertInto("membership_plan_products")
      .values(keys.product_ids.map((product_id) => ({ plan_id: planId, product_id })))
      .execute();
  if (keys.topic_ids.length > 0)
    await db
      .insertInto("membership_plan_topics")
      .values(keys.topic_ids.map((topic_id) => ({ plan_id: planId, topic_id })))
      .execute();
}

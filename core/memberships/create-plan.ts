// POST /home/memberships: a new membership plan with what it opens.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { parseInput } from "../validation.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { type AdminPlan, checkKeysExist, replacePlanKeys, requireAdminPlan } from "./internal/plans.ts";
import { canManagePlans } from "./policies.ts";
import { planSchema } from "./schemas.ts";

export async function createPlan(db: Db, actor: Actor, input: unknown, now = nowIso()): Promise<AdminPlan> {
  authorize(actor, canManagePlans(actor));
  const { course_ids, product_ids, topic_ids, price, ...fields } = parseInput(planSchema, input);
  return db.transaction().execute(async (trx) => {
    await checkKeysExist(trx, { course_ids, product_ids, topic_ids });
    const row = await trx
      .insertInto("membership_plans")
      .values({ ...fields, price_cents: price!, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await replacePlanKeys(trx, row.id, { course_ids, product_ids, topic_ids });
    return requireAdminPlan(trx, row.id);
  });
}

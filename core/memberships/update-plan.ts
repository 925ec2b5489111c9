// PUT /home/memberships/{id}: change a plan. Members keep the price they signed up at (memberships carry their
// own price_cents), so a new price applies to new sign-ups only; closing sign-ups (signups_open 0) leaves every
// renewal running.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { parseInput } from "../validation.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { pathId } from "../shared/path-id.ts";
import { type AdminPlan, checkKeysExist, replacePlanKeys, requireAdminPlan } from "./internal/plans.ts";
import { canManagePlans } from "./policies.ts";
import { planSchema } from "./schemas.ts";

export async function updatePlan(
  db: Db,
  actor: Actor,
  idInput: unknown,
  input: unknown,
  now = nowIso(),
): Promise<AdminPlan> {
  authorize(actor, canManagePlans(actor));
  const id = pathId(idInput);
  const { course_ids, product_ids, topic_ids, price, ...fields } = parseInput(planSchema, input);
  return db.transaction().execute(async (trx) => {
    await requireAdminPlan(trx, id);
    await checkKeysExist(trx, { course_ids, product_ids, topic_ids });
    await trx
      .updateTable("membership_plans")
      .set({ ...fields, price_cents: price!, updated_at: now })
      .where("id", "=", id)
      .execute();
    await replacePlanKeys(trx, id, { course_ids, product_ids, topic_ids });
    return requireAdminPlan(trx, id);
  });
}

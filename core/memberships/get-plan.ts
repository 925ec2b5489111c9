// GET /home/memberships/{id} (and the plan editor page): one plan with what it opens.
import type { Db } from "#platform/db/connection.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { pathId } from "../shared/path-id.ts";
import { type AdminPlan, requireAdminPlan } from "./internal/plans.ts";
import { canManagePlans } from "./policies.ts";

export type { AdminPlan };

export async function getPlan(db: Db, actor: Actor, idInput: unknown): Promise<AdminPlan> {
  // The refusal first, whatever the id (401 / 403); then a malformed or unknown id is a 404.
  authorize(actor, canManagePlans(actor));
  return requireAdminPlan(db, pathId(idInput));
}

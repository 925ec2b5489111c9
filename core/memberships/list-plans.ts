// GET /home/memberships: every plan, newest first, with its live member count.
import type { Db } from "#platform/db/connection.ts";
import type { MembershipPlan } from "#platform/db/schema.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { canManagePlans } from "./policies.ts";
import { ACCESS_STATUSES } from "./periods.ts";

export type PlanRow = MembershipPlan & { member_count: number };

export async function listPlans(db: Db, actor: Actor): Promise<PlanRow[]> {
  authorize(actor, canManagePlans(actor));
  const rows = await db
    .selectFrom("membership_plans as p")
    .selectAll("p")
    .select((eb) =>
      eb
        .selectFrom("memberships as m")
        .select((c) => c.fn.countAll<number | string>().as("n"))
        .whereRef("m.plan_id", "=", "p.id")
        .where("m.status", "in", [...ACCESS_STATUSES])
        .as("member_count"),
    )
    .orderBy("p.id", "desc")
    .execute();
  return rows.map((row) => ({ ...row, member_count: Number(row.member_count ?? 0) }));
}

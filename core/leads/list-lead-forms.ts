// /home/leads/forms: the school's lead forms, newest first, with how many leads each brought.
import type { Db } from "#platform/db/connection.ts";
import { fromFlag } from "#platform/db/connection.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { canManageLeads } from "./policies.ts";

export type LeadFormListItem = { id: number; name: string; double_opt_in: boolean; leads: number; created_at: string };

export async function listLeadForms(db: Db, actor: Actor): Promise<LeadFormListItem[]> {
  authorize(actor, canManageLeads(actor));
  const rows = await db
    .selectFrom("lead_forms as f")
    .select((eb) => [
      "f.id",
      "f.name",
      "f.double_opt_in",
      "f.created_at",
      eb
        .selectFrom("leads as l")
        .whereRef("l.form_id", "=", "f.id")
        .select((sub) => sub.fn.countAll<number>().as("n"))
        .as("leads"),
    ])
    .orderBy("f.id", "desc")
    .execute();
  return rows.map((row) => ({ ...row, double_opt_in: fromFlag(row.double_opt_in), leads: Number(row.leads ?? 0) }));
}

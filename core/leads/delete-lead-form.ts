// DELETE /home/leads/forms/{id}: the admin deletes a lead form with its leads and its consent texts' versions.
// A form still shown on a page of blocks is refused (409, naming the page): the page would lose its form without
// its owner seeing it; its block goes first. The leads go with the form because a lead only means something with
// the form and consent text it was given under; the admin exports them first if they are to be kept (the
// confirmation says how many go).
import type { Db } from "#platform/db/connection.ts";
import { inTransaction } from "#platform/db/transaction.ts";
import { AppError } from "../errors.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { idParam } from "../shared/ids.ts";
import { canManageLeads } from "./policies.ts";

/** The title of a page whose blocks show the form (null: none does). */
async function pageShowingForm(db: Db, formId: number): Promise<string | null> {
  const blocks = await db
    .selectFrom("subpage_blocks as b")
    .innerJoin("subpages as p", "p.id", "b.subpage_id")
    .select(["b.settings", "p.title"])
    .where("b.type", "=", "lead_form")
    .execute();
  for (const block of blocks) {
    try {
      if (Number(JSON.parse(block.settings).form_id) === formId) return block.title;
    } catch {
      // a block's settings are checked on save: unreadable ones name no form
    }
  }
  return null;
}

export async function deleteLeadForm(db: Db, actor: Actor, idInput: unknown): Promise<{ id: number; leads: number }> {
  authorize(actor, canManageLeads(actor));
  const id = idParam(idInput);
  return inTransaction(db, async (trx) => {
    const form = await trx.selectFrom("lead_forms").select("id").where("id", "=", id).executeTakeFirst();
    if (!form) throw new AppError("not_found");
    const page = await pageShowingForm(trx, id);
    if (page !== null) throw new AppError("conflict", { messageKey: "leads:form_on_page", values: { page } });
    // Leads first: they hold their consent version under `restrict`; their tags go with them (cascade).
    const leads = await trx.deleteFrom("leads").where("form_id", "=", id).executeTakeFirst();
    await trx.deleteFrom("lead_consents").where("form_id", "=", id).execute();
    await trx.deleteFrom("lead_forms").where("id", "=", id).execute();
    return { id, leads: Number(leads.numDeletedRows) };
  });
}

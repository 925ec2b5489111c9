// POST /home/leads/forms and /home/leads/forms/{id}: the admin creates or edits a lead form. A consent text that
// differs from the current one is stored as the next version; the old versions stay for the leads that saw them.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { inTransaction } from "#platform/db/transaction.ts";
import { AppError } from "../errors.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { idParam } from "../shared/ids.ts";
import { parseInput } from "../validation.ts";
import { findLeadForm, leadFormColumns, type LeadFormView } from "./form-records.ts";
import { canManageLeads } from "./policies.ts";
import { leadFormSchema } from "./schemas.ts";

async function keepConsent(db: Db, formId: number, text: string, now: string): Promise<void> {
  const latest = await db
    .selectFrom("lead_consents")
    .select(["version", "text"])
    .where("form_id", "=", formId)
    .orderBy("version", "desc")
    .limit(1)
    .executeTakeFirst();
  if ((latest?.text ?? "") === text) return;
  await db
    .insertInto("lead_consents")
    .values({ form_id: formId, version: (latest?.version ?? 0) + 1, text, created_at: now })
    .execute();
}

export async function createLeadForm(db: Db, actor: Actor, input: unknown, now = nowIso()): Promise<LeadFormView> {
  authorize(actor, canManageLeads(actor));
  const form = parseInput(leadFormSchema, input);
  const id = await inTransaction(db, async (trx) => {
    const row = await trx
      .insertInto("lead_forms")
      .values({ ...leadFormColumns(form), created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await keepConsent(trx, row.id, form.consent_text, now);
    return row.id;
  });
  return findLeadForm(db, id);
}

export async function updateLeadForm(
  db: Db,
  actor: Actor,
  idInput: unknown,
  input: unknown,
  now = nowIso(),
): Promise<LeadFormView> {
  authorize(actor, canManageLeads(actor));
  const id = idParam(idInput);
  const form = parseInput(leadFormSchema, input);
  await inTransaction(db, async (trx) => {
    const updated = await trx
      .updateTable("lead_forms")
      .set({ ...leadFormColumns(form), updated_at: now })
      .where("id", "=", id)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) throw new AppError("not_found");
    await keepConsent(trx, id, form.consent_text, now);
  });
  return findLeadForm(db, id);
}

/** /home/leads/forms/{id}: the form as the editor shows it. */
/** The form's editor: the form, and how many leads it brought (its delete confirmation says so). */
export async function getLeadForm(
  db: Db,
  actor: Actor,
  idInput: unknown,
): Promise<LeadFormView & { lead_count: number }> {
  authorize(actor, canManageLeads(actor));
  const form = await findLeadForm(db, idParam(idInput));
  const counted = await db
    .selectFrom("leads")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("form_id", "=", form.id)
    .executeTakeFirstOrThrow();
  return { ...form, lead_count: Number(counted.n) };
}

// Reading a lead form row into what the use-cases and pages work with: its JSON parsed, its current consent text.
import type { Db } from "#platform/db/connection.ts";
import { fromFlag } from "#platform/db/connection.ts";
import { z } from "zod";
import { AppError } from "../errors.ts";
import { hiddenFieldSchema, leadFieldSchema, leadFormOptionsSchema, type LeadFormInput } from "./schemas.ts";

export type LeadConsent = { id: number; version: number; text: string };

export type LeadFormView = Omit<LeadFormInput, "consent_text"> & {
  id: number;
  consent: LeadConsent | null;
  created_at: string;
  updated_at: string;
};

function parsed<S extends z.ZodType>(schema: S, text: string, fallback: z.output<S>): z.output<S> {
  try {
    const result = schema.safeParse(JSON.parse(text));
    return result.success ? result.data : fallback;
  } catch {
    return fallback;
  }
}

/** The form's latest consent version (null: it never had a text, or its text was emptied). */
export async function currentConsent(db: Db, formId: number): Promise<LeadConsent | null> {
  const row = await db
    .selectFrom("lead_consents")
    .select(["id", "version", "text"])
    .where("form_id", "=", formId)
    .orderBy("version", "desc")
    .limit(1)
    .executeTakeFirst();
  return row && row.text !== "" ? row : null;
}

export async function findLeadForm(db: Db, id: number): Promise<LeadFormView> {
  const row = await db.selectFrom("lead_forms").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw new AppError("not_found");
  return {
    id: row.id,
    name: row.name,
    // Stored JSON was checked when saved; a row edited by hand that no longer parses shows nothing.
    fields: parsed(z.array(leadFieldSchema), row.fields, []),
    hidden_fields: parsed(z.array(hiddenFieldSchema), row.hidden_fields, []),
    options: parsed(leadFormOptionsSchema, row.options, leadFormOptionsSchema.parse({})),
    tags: parsed(z.array(z.string()), row.tags, []),
    double_opt_in: fromFlag(row.double_opt_in),
    consent: await currentConsent(db, row.id),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The columns a saved form writes (its consent text goes to lead_consents: save-lead-form.ts). */
export function leadFormColumns(form: LeadFormInput) {
  return {
    name: form.name,
    fields: JSON.stringify(form.fields),
    hidden_fields: JSON.stringify(form.hidden_fields),
    options: JSON.stringify(form.options),
    tags: JSON.stringify(form.tags),
    double_opt_in: form.double_opt_in ? 1 : 0,
  };
}

// What a page needs to show a lead form (the LeadForm component): its fields, hidden fields, options and the
// consent text shown (with its version). Nothing private: no tags, no lead counts. Anyone may read it.
import type { Db } from "#platform/db/connection.ts";
import { idParam } from "../shared/ids.ts";
import { findLeadForm } from "./form-records.ts";
import type { HiddenField, LeadField, LeadFormOptions } from "./schemas.ts";

export type PublicLeadForm = {
  id: number;
  fields: LeadField[];
  hidden_fields: HiddenField[];
  options: LeadFormOptions;
  consent: { version: number; text: string } | null;
};

export async function getPublicLeadForm(db: Db, formId: unknown): Promise<PublicLeadForm> {
  const form = await findLeadForm(db, idParam(formId));
  return publicLeadForm(form);
}

/** The public part of a form (also what the editor's live preview shows of its draft). */
export function publicLeadForm(form: {
  id: number;
  fields: LeadField[];
  hidden_fields: HiddenField[];
  options: LeadFormOptions;
  consent: { version: number; text: string } | null;
}): PublicLeadForm {
  return {
    id: form.id,
    fields: form.fields,
    hidden_fields: form.hidden_fields,
    options: form.options,
    consent: form.consent ? { version: form.consent.version, text: form.consent.text } : null,
  };
}

// The lead rules (spec §5): a required field is not empty, an e-mail field holds an e-mail address, a choice holds
// one of its options. Pure and shared: the LeadForm checks them before sending (failing fields marked, nothing
// sent) and POST /lead checks them again on the server (422, the same messages in the page's language).
import { z } from "zod";
import type { FieldErrors } from "../errors.ts";
import { LEAD_VALUE_MAX, type LeadField } from "./schemas.ts";

const email = z.email();

/** A sent value as text: a checkbox's true (or its "1") is "1", unchecked is "". */
export function leadValueText(field: Pick<LeadField, "type">, raw: unknown): string {
  if (field.type === "checkbox") return raw === true || raw === "1" || raw === 1 || raw === "on" ? "1" : "";
  if (typeof raw === "string") return raw.trim();
  if (typeof raw === "number" && Number.isFinite(raw)) return String(raw);
  return "";
}

/** The values of the form's fields read from what was sent, and the field errors (empty: all good). */
export function checkLeadValues(
  fields: readonly LeadField[],
  sent: Record<string, unknown>,
): { values: Record<string, string>; errors: FieldErrors } {
  const values: Record<string, string> = {};
  const errors: FieldErrors = {};
  for (const field of fields) {
    const value = leadValueText(field, sent[field.name]);
    values[field.name] = value;
    const fail = (key: string, extra?: Record<string, unknown>) => {
      errors[field.name] = [{ key, ...(extra ? { values: extra } : {}) }];
    };
    if (value === "") {
      if (field.required) fail("validation:required");
      continue;
    }
    if (value.length > LEAD_VALUE_MAX) fail("validation:string_max", { max: LEAD_VALUE_MAX });
    else if (field.type === "email" && !email.safeParse(value).success) fail("validation:email");
    else if ((field.type === "select" || field.type === "radio") && !field.options.some((o) => o.value === value)) {
      fail("validation:in");
    }
  }
  return { values, errors };
}

/** The values a form starts with (spec §3): a select on its first option, a checked checkbox as "1". */
export function initialLeadValues(fields: readonly LeadField[]): Record<string, string> {
  return Object.fromEntries(
    fields.map((field) => {
      if (field.type === "select") return [field.name, field.options[0]?.value ?? ""];
      if (field.type === "checkbox") return [field.name, field.checked ? "1" : ""];
      return [field.name, ""];
    }),
  );
}

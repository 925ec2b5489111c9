// The lead forms' input rules, shared by the admin's form editor and the server. Pure (importable by the client).
// A form is the spec's lead widget (§3): fields (label, placeholder, name, type text/email/checkbox/select/textarea/
// radio, required, checked, options of value and text), hidden fields with fixed names and values, and the form
// options (labels on/off, success_header, success_text, button_text, button_class, redirect_to). Besides: a consent
// text (each change is a new version), tags given to its leads, and whether a lead confirms by e-mail.
import { z } from "zod";

export const leadFieldTypes = ["text", "email", "checkbox", "select", "textarea", "radio"] as const;
export type LeadFieldType = (typeof leadFieldTypes)[number];

export const LEAD_FORM_NAME_MAX = 200;
export const LEAD_FIELDS_MAX = 30;
export const LEAD_OPTIONS_MAX = 50;
export const LEAD_HIDDEN_MAX = 20;
export const LEAD_TAGS_MAX = 20;
export const LEAD_TAG_MAX = 50;
export const CONSENT_TEXT_MAX = 5_000;
export const LEAD_VALUE_MAX = 2_000;

/** Names the POST /lead body uses for itself (spec §7 sends the fields beside them). */
export const RESERVED_FIELD_NAMES = ["form_id", "page", "_csrf"] as const;

const fieldName = z
  .string()
  .trim()
  .min(1)
  .max(60)
  .regex(/^[A-Za-z][A-Za-z0-9_-]*$/, { message: "leads:name_format" });

const optionSchema = z.object({
  value: z.string().trim().min(1).max(100),
  text: z.string().trim().min(1).max(200),
});

export const leadFieldSchema = z
  .object({
    label: z.string().trim().max(200).optional().default(""),
    placeholder: z.string().trim().max(200).optional().default(""),
    name: fieldName,
    type: z.enum(leadFieldTypes, { error: "validation:in" }),
    required: z.boolean().optional().default(false),
    checked: z.boolean().optional().default(false),
    options: z.array(optionSchema).max(LEAD_OPTIONS_MAX).optional().default([]),
  })
  .superRefine((field, ctx) => {
    const choice = field.type === "select" || field.type === "radio";
    if (choice && field.options.length === 0) {
      ctx.addIssue({ code: "custom", path: ["options"], message: "leads:options_required" });
    }
    const values = field.options.map((option) => option.value);
    if (new Set(values).size !== values.length) {
      ctx.addIssue({ code: "custom", path: ["options"], message: "leads:options_unique" });
    }
  })
  // Options only mean something on choices, `checked` only on a checkbox.
  .transform((field) => ({
    ...field,
    options: field.type === "select" || field.type === "radio" ? field.options : [],
    checked: field.type === "checkbox" ? field.checked : false,
  }));
export type LeadField = z.output<typeof leadFieldSchema>;

export const hiddenFieldSchema = z.object({ name: fieldName, value: z.string().trim().max(500) });
export type HiddenField = z.output<typeof hiddenFieldSchema>;

// A redirect after success: a path of this site ("/thanks") or an http(s) address; never javascript: or data:.
const redirectTo = z
  .string()
  .trim()
  .max(500)
  .refine((value) => {
    if (value === "") return true;
    if (value.startsWith("/")) return !value.startsWith("//") && !value.startsWith("/\\");
    const url = URL.parse(value);
    return url !== null && (url.protocol === "https:" || url.protocol === "http:");
  }, "validation:url");

export const leadFormOptionsSchema = z.object({
  labels: z.boolean().optional().default(true),
  success_header: z.string().trim().max(200).optional().default(""),
  success_text: z.string().trim().max(2_000).optional().default(""),
  button_text: z.string().trim().max(100).optional().default(""),
  button_class: z
    .string()
    .trim()
    .max(200)
    .regex(/^[A-Za-z0-9_\- :/[\].]*$/, { message: "leads:button_class_format" })
    .optional()
    .default(""),
  redirect_to: redirectTo.optional().default(""),
});
export type LeadFormOptions = z.output<typeof leadFormOptionsSchema>;

const tagsSchema = z.preprocess(
  (value) => (typeof value === "string" ? value.split(",") : value),
  z
    .array(z.string().trim().max(LEAD_TAG_MAX))
    .max(LEAD_TAGS_MAX)
    .transform((tags) => [...new Set(tags.filter((tag) => tag !== ""))]),
);

/** The admin's lead form. Field and hidden field names are unique together and leave the body's own names free. */
export const leadFormSchema = z
  .object({
    name: z.string().trim().min(1).max(LEAD_FORM_NAME_MAX),
    fields: z.array(leadFieldSchema).min(1, { message: "leads:fields_required" }).max(LEAD_FIELDS_MAX),
    hidden_fields: z.array(hiddenFieldSchema).max(LEAD_HIDDEN_MAX).optional().default([]),
    options: leadFormOptionsSchema.optional().default(leadFormOptionsSchema.parse({})),
    consent_text: z.string().trim().max(CONSENT_TEXT_MAX).optional().default(""),
    tags: tagsSchema.optional().default([]),
    double_opt_in: z.boolean().optional().default(false),
  })
  .superRefine((form, ctx) => {
    const seen = new Set<string>(RESERVED_FIELD_NAMES);
    form.fields.forEach((field, index) => {
      if (seen.has(field.name))
        ctx.addIssue({ code: "custom", path: ["fields", index, "name"], message: "leads:name_unique" });
      seen.add(field.name);
    });
    form.hidden_fields.forEach((field, index) => {
      if (seen.has(field.name)) {
        ctx.addIssue({ code: "custom", path: ["hidden_fields", index, "name"], message: "leads:name_unique" });
      }
      seen.add(field.name);
    });
    if (form.double_opt_in && !form.fields.some((field) => field.type === "email")) {
      ctx.addIssue({ code: "custom", path: ["double_opt_in"], message: "leads:double_opt_in_needs_email" });
    }
  });
export type LeadFormInput = z.output<typeof leadFormSchema>;

/** The leads screen's filters and page (?form_id=&tag=&page=). */
export const leadsFilterSchema = z.object({
  form_id: z.preprocess(
    (v) =>
      v === "" || v === undefined || v === null ? null : typeof v === "string" && /^\d{1,9}$/.test(v) ? Number(v) : v,
    z.number().int().min(1).nullable(),
  ),
  tag: z.preprocess((v) => (v === undefined || v === null ? "" : v), z.string().trim().max(LEAD_TAG_MAX)),
  page: z.preprocess(
    (v) => (typeof v === "string" && /^\d{1,6}$/.test(v) ? Number(v) : v === "" || v === undefined ? 1 : v),
    z.number().int().min(1),
  ),
});
export type LeadsFilter = z.output<typeof leadsFilterSchema>;

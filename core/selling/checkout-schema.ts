// The checkout form (spec §2 checkout and simplified checkout, §5): shared by the React page and the JSON API.
// Pure. Invoice fields are required only when a company invoice is asked for; a VAT number is letters and digits
// only ('Incorrect VAT Number format'); a Polish postal code reads 12-345.
import { z } from "zod";
import { emailField, nameField, passwordField } from "#core/accounts/schemas.ts";
import { formIdSchema } from "#core/shared/ids.ts";
import { checkboxField } from "#core/shared/zod-fields.ts";

export const MAX_QUANTITY = 100;

const optionalText = (max: number) => z.string().trim().max(max).optional().default("");

export const invoiceFields = ["company_name", "vat_number", "street", "postal_code", "city", "country"] as const;

export const checkoutSchema = z
  .object({
    variant_id: formIdSchema.optional(),
    quantity: z.coerce.number().int().min(1).max(MAX_QUANTITY).default(1),
    /** the unit price the buyer saw: when it changed meanwhile (a promotion sold out or ended), we say so */
    unit_price_cents: z.coerce.number().int().min(0).optional(),
    name: nameField,
    promo_code: z.string().trim().max(64).optional().default(""),
    provider: z.string().trim().max(32).optional().default(""),
    invoice: checkboxField.optional().default(false),
    company_name: optionalText(200),
    vat_number: optionalText(30),
    street: optionalText(200),
    postal_code: optionalText(20),
    city: optionalText(100),
    country: z.string().trim().toUpperCase().max(2).optional().default("PL"),
    terms: checkboxField.optional().default(false),
    /** the optional consent to news and offers by e-mail, recorded with the order */
    marketing: checkboxField.optional().default(false),
  })
  .superRefine((data, ctx) => {
    if (!data.terms) ctx.addIssue({ code: "custom", path: ["terms"], message: "checkout:terms_required" });
    if (!data.invoice) return;
    for (const field of ["company_name", "vat_number", "street", "postal_code", "city"] as const) {
      if (!data[field]) ctx.addIssue({ code: "custom", path: [field], message: "validation:required" });
    }
    if (data.vat_number && !/^[A-Za-z0-9]+$/.test(data.vat_number)) {
      ctx.addIssue({ code: "custom", path: ["vat_number"], message: "validation:vat_number" });
    }
    if (data.postal_code && data.country === "PL" && !/^\d{2}-\d{3}$/.test(data.postal_code)) {
      ctx.addIssue({ code: "custom", path: ["postal_code"], message: "validation:postal_code" });
    }
  });

/** The one-page checkout that also creates the buyer's account. */
export const checkoutRegisterSchema = z.object({ email: emailField, password: passwordField });

export type CheckoutInput = z.output<typeof checkoutSchema>;

export type InvoiceDetails = {
  company_name: string;
  vat_number: string;
  street: string;
  postal_code: string;
  city: string;
  country: string;
};

export function invoiceDetails(input: CheckoutInput): InvoiceDetails | null {
  if (!input.invoice) return null;
  return Object.fromEntries(invoiceFields.map((f) => [f, input[f]])) as InvoiceDetails;
}

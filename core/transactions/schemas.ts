// Inputs of the admin's transactions pages (/home/transactions): the list's filters (from the address's query or
// the export form; a value that makes no sense is dropped rather than refused, like the reviews filter), the
// reason of a manual grant or denial (spec §4: "Access can be granted or denied with a reason") and a recorded
// refund. Pure: shared by the pages and the server.
import { z } from "zod";
import { formIdSchema } from "#core/shared/ids.ts";
import { parseMoneyInput } from "#core/shared/money.ts";
import { checkboxField, dayField, filterField } from "#core/shared/zod-fields.ts";
import type { PaymentProviderName, TransactionStatus } from "#platform/db/schema.ts";

export const transactionStatuses = [
  "NEW",
  "PENDING",
  "PERFORMED",
  "CLEARED",
  "ACCESS_GRANTED",
  "FAILURE",
  "ERROR",
  "CANCELED",
  "REFUNDED",
] as const satisfies readonly TransactionStatus[];

export const providerNames = [
  "free",
  "test",
  "stripe",
  "tpay",
  "przelewy24",
  "payu",
] as const satisfies readonly PaymentProviderName[];

export const TRANSACTIONS_PAGE_SIZE = 25;
export const REASON_MIN = 3;
export const REASON_MAX = 500;
export const SEARCH_MAX = 200;

export const transactionFiltersSchema = z.object({
  status: filterField(z.enum(transactionStatuses)),
  provider: filterField(z.enum(providerNames)),
  product_id: filterField(formIdSchema),
  from: filterField(dayField),
  to: filterField(dayField),
  q: z.string().trim().max(SEARCH_MAX).catch("").default(""),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});

export type TransactionFilters = z.output<typeof transactionFiltersSchema>;

/** The filters from a page address's query (or a form's fields), every bad value dropped. */
export function filtersFrom(params: URLSearchParams | Record<string, unknown>): TransactionFilters {
  const entries = params instanceof URLSearchParams ? Object.fromEntries(params) : params;
  return transactionFiltersSchema.parse(entries);
}

/** The query string of filters (without the page unless asked), for links and the export form. */
export function filtersQuery(filters: TransactionFilters, options: { page?: number } = {}): string {
  const params = new URLSearchParams();
  for (const key of ["status", "provider", "product_id", "from", "to", "q"] as const) {
    const value = filters[key];
    if (value !== undefined && value !== "") params.set(key, String(value));
  }
  if (options.page && options.page > 1) params.set("page", String(options.page));
  return params.toString();
}

export const accessDecisionSchema = z.object({
  reason: z.string().trim().min(REASON_MIN).max(REASON_MAX),
});

export const refundSchema = z.object({
  /** in the currency's units, as typed ("49,99"); becomes cents */
  amount: z
    .union([z.string(), z.number()])
    .transform((value) => parseMoneyInput(value) ?? Number.NaN)
    .refine((cents) => Number.isInteger(cents) && cents >= 1, { message: "transactions:amount_invalid" }),
  reason: z.string().trim().min(REASON_MIN).max(REASON_MAX),
  revoke_access: checkboxField.default(false),
});

export type RefundInput = z.input<typeof refundSchema>;

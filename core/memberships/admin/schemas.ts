// Inputs of the admin's members pages (issue 15, item 8): the members list's filters (from the address; nonsense
// is dropped, never refused), a manual extension (N days or N periods, with a reason) and a manual end (a reason).
// Pure: shared by the pages' forms and the JSON API.
import { z } from "zod";
import { filterField } from "#core/shared/zod-fields.ts";
import type { MembershipStatus } from "#platform/db/schema.ts";

export const memberStatuses = [
  "active",
  "at_risk",
  "past_due",
  "canceled",
  "finished",
  "expired",
  "STARTED",
] as const satisfies readonly MembershipStatus[];

export const MEMBERS_PAGE_SIZE = 25;
export const MEMBERS_SEARCH_MAX = 200;
export const ADMIN_REASON_MIN = 3;
export const ADMIN_REASON_MAX = 500;
export const EXTEND_DAYS_MAX = 3650;
export const EXTEND_PERIODS_MAX = 24;

export const memberFiltersSchema = z.object({
  status: filterField(z.enum(memberStatuses)),
  q: z.string().trim().max(MEMBERS_SEARCH_MAX).catch("").default(""),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});

export type MemberFilters = z.output<typeof memberFiltersSchema>;

export function memberFiltersFrom(params: URLSearchParams | Record<string, unknown>): MemberFilters {
  const entries = params instanceof URLSearchParams ? Object.fromEntries(params) : params;
  return memberFiltersSchema.parse(entries);
}

/** The query of filters (the page only when asked and past the first), for links. */
export function memberFiltersQuery(filters: MemberFilters, options: { page?: number } = {}): string {
  const params = new URLSearchParams();
  if (filters.status) params.set("status", filters.status);
  if (filters.q) params.set("q", filters.q);
  if (options.page && options.page > 1) params.set("page", String(options.page));
  return params.toString();
}

// The shared validation messages: required, "Minimum characters: 3.", "Enter a whole number.", "Minimum value: 1."
const reason = z.string().trim().min(ADMIN_REASON_MIN).max(ADMIN_REASON_MAX);

const count = (max: number) =>
  z.preprocess(
    (value) => (typeof value === "string" && /^\s*\d{1,6}\s*$/.test(value) ? Number(value.trim()) : value),
    z.number().int().min(1).max(max),
  );

/** Extend by `count` days or `count` of the membership's periods. */
export const extendSchema = z.object({
  unit: z.enum(["days", "periods"]),
  count: count(EXTEND_DAYS_MAX),
  reason,
});

export const endSchema = z.object({ reason });

export type ExtendInput = z.input<typeof extendSchema>;

/**
 * The school's retention offer (decision 0042): none, a discount of `percent` % for `periods` renewals, or a pause
 * that moves the next charge `periods` periods later. One per school.
 */
export const RETENTION_PERCENT_MAX = 90;
export const RETENTION_PERIODS_MAX = 12;
export const retentionOfferSchema = z
  .object({
    kind: z.enum(["none", "discount", "pause"]),
    percent: z.union([z.literal(""), count(RETENTION_PERCENT_MAX)]).optional(),
    periods: z.union([z.literal(""), count(RETENTION_PERIODS_MAX)]).optional(),
  })
  .superRefine((offer, ctx) => {
    if (offer.kind === "none") return;
    if (typeof offer.periods !== "number")
      ctx.addIssue({ code: "custom", path: ["periods"], message: "validation:required" });
    if (offer.kind === "discount" && typeof offer.percent !== "number")
      ctx.addIssue({ code: "custom", path: ["percent"], message: "validation:required" });
  })
  .transform((offer) => ({
    kind: offer.kind,
    percent: offer.kind === "discount" ? (offer.percent as number) : 0,
    periods: offer.kind === "none" ? 0 : (offer.periods as number),
  }));

export type RetentionOfferInput = z.input<typeof retentionOfferSchema>;

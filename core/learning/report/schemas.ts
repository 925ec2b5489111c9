// The course report's address query (?stuck_days=, ?show=stuck, ?sort=, ?page=), read by the page and the export.
// Anything out of range falls back to the default instead of failing: it comes from a link or a typed address.
import { z } from "zod";
import { STUCK_DAYS_DEFAULT } from "./funnel.ts";

export const REPORT_PAGE_SIZE = 50;

export const reportQuerySchema = z.object({
  stuck_days: z.coerce.number().int().min(1).max(365).catch(STUCK_DAYS_DEFAULT),
  show: z.enum(["all", "stuck"]).catch("all"),
  sort: z.enum(["name", "progress", "activity"]).catch("name"),
  page: z.coerce.number().int().min(1).max(100000).catch(1),
});
export type ReportQuery = z.output<typeof reportQuerySchema>;

/** The query from an address's search params (missing ones take their defaults). */
export function reportQueryFrom(params: URLSearchParams): ReportQuery {
  return reportQuerySchema.parse(Object.fromEntries(params));
}

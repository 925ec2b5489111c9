// The moderation's input rules, shared by the report dialog and the server. Pure.
import { z } from "zod";
import { formIdSchema } from "#core/shared/ids.ts";
import type { ReportableType, ReportReason } from "#platform/db/schema.ts";
import { pauseDurations } from "./policies.ts";

export const reportableTypes = ["post", "comment", "reply"] as const satisfies readonly ReportableType[];
export const reportReasons = ["spam", "abuse", "off-topic", "other"] as const satisfies readonly ReportReason[];
export const REPORT_TEXT_MAX = 500;
export const QUEUE_PAGE_SIZE = 20;

/** POST /json/report {type, id, reason, text}: the text is optional, at most 500 characters (code points). */
export const reportSchema = z.object({
  type: z.enum(reportableTypes, { error: "validation:in" }),
  id: formIdSchema,
  reason: z.enum(reportReasons, { error: "validation:in" }),
  text: z
    .string()
    .trim()
    .optional()
    .default("")
    .refine((text) => [...text].length <= REPORT_TEXT_MAX, {
      message: "validation:string_max",
      params: { max: REPORT_TEXT_MAX },
    }),
});
export type ReportInput = z.infer<typeof reportSchema>;

/** The item a moderator acts on: {type, id}. */
export const itemSchema = z.object({
  type: z.enum(reportableTypes, { error: "validation:in" }),
  id: formIdSchema,
});
export type ItemInput = z.infer<typeof itemSchema>;

/** Pausing a user's posting: {user_id, duration: 1 | 7 | 30 days, or 'lifted' (until lifted)}. */
export const pauseSchema = z.object({
  user_id: formIdSchema,
  duration: z.preprocess((value) => (typeof value === "number" ? String(value) : value), z.enum(pauseDurations)),
});

export const liftSchema = z.object({ user_id: formIdSchema });

/** The queue's tab and page from the address: nonsense falls back to the first page of the open queue. */
export const queueFilterSchema = z.object({
  tab: z.enum(["open", "resolved"]).catch("open"),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

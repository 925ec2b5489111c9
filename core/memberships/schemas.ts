// The shapes of memberships' input (issue 15): the admin's plan form, the subscribe checkout, the cancel
// confirmation and the cancellation survey (spec §3, §5). Pure: shared by the React forms and the JSON API.
import { z } from "zod";
import { parseMoneyInput } from "#core/shared/money.ts";
import { formIdSchema } from "#core/shared/ids.ts";
import { currencies } from "#core/school/schemas.ts";
import type { CancellationReason, PlanPeriod } from "#platform/db/schema.ts";
import { PLAN_PERIODS } from "./periods.ts";

export const PLAN_NAME_MAX = 120;
export const PLAN_DESCRIPTION_MAX = 2000;
export const PLAN_PRICE_MAX_CENTS = 99_999_999;
export const PLAN_TRIAL_DAYS_MAX = 365;
/** A bound on the keys one plan opens, so a request cannot grow without limit. */
export const PLAN_KEYS_MAX = 500;

const trimmed = (value: unknown): unknown =>
  value === undefined || value === null ? "" : typeof value === "string" ? value.trim() : value;

const flag = z.preprocess(
  (value) => {
    if (value === true || value === "on" || value === "1" || value === 1 || value === "true") return 1;
    if (value === false || value === undefined || value === "0" || value === 0 || value === "false" || value === "")
      return 0;
    return value;
  },
  z.union([z.literal(0), z.literal(1)]),
);

const idList = z.preprocess(
  (value) => (value === undefined || value === null ? [] : value),
  z
    .array(formIdSchema)
    .max(PLAN_KEYS_MAX)
    .transform((ids) => [...new Set(ids)]),
);

const wholeNumber = (min: number, max: number, fallback: number) =>
  z.preprocess(
    (value) =>
      value === undefined || value === "" || value === null
        ? fallback
        : typeof value === "string" && /^-?\d{1,9}$/.test(value.trim())
          ? Number(value.trim())
          : value,
    z.number().int().min(min).max(max),
  );

export const planSchema = z.object({
  name: z.preprocess(
    trimmed,
    z.string().min(1, "memberships:name_required").max(PLAN_NAME_MAX, "memberships:name_too_long"),
  ),
  description: z.preprocess(trimmed, z.string().max(PLAN_DESCRIPTION_MAX, "memberships:description_too_long")),
  /** gross, in major units as typed ("49,99"), or cents from a JSON caller (price_cents) */
  price: z.preprocess(
    (value) => parseMoneyInput(value) ?? (value === "" || value === undefined ? null : "invalid"),
    z
      .number({ message: "memberships:price_invalid" })
      .int()
      .min(0, "memberships:price_invalid")
      .max(PLAN_PRICE_MAX_CENTS, "memberships:price_invalid")
      .nullable()
      .refine((cents) => cents !== null, "memberships:price_required"),
  ),
  vat_rate: wholeNumber(0, 100, 23),
  currency: z.enum(currencies),
  period_months: z.preprocess(
    (value) => (typeof value === "string" && /^-?\d{1,2}$/.test(value.trim()) ? Number(value.trim()) : value),
    z
      .number({ message: "memberships:period_invalid" })
      .refine((period) => (PLAN_PERIODS as readonly number[]).includes(period), "memberships:period_invalid")
      .transform((period) => period as PlanPeriod),
  ),
  trial_days: wholeNumber(0, PLAN_TRIAL_DAYS_MAX, 0),
  signups_open: flag,
  course_ids: idList,
  product_ids: idList,
  topic_ids: idList,
});

export type PlanInput = z.input<typeof planSchema>;
export type PlanFields = z.output<typeof planSchema>;

/** The form's checkbox of one key: the pages' form bodies keep one value per name, so each box has its own. */
export const keyFieldName = (kind: "course" | "product" | "topic", id: number) => `${kind}_${id}`;
const KEY_FIELD = /^(course|product|topic)_(\d{1,10})$/;

/** The plan form's text fields -> the body of POST/PUT /home/memberships (the page's script and the server). */
export function planFormBody(fields: Record<string, unknown>): PlanInput {
  const text = (value: unknown) => (typeof value === "string" ? value : value == null ? "" : String(value));
  const keys = { course: [] as string[], product: [] as string[], topic: [] as string[] };
  for (const name of Object.keys(fields)) {
    const match = KEY_FIELD.exec(name);
    if (match) keys[match[1] as keyof typeof keys].push(match[2]!);
  }
  return {
    name: text(fields.name),
    description: text(fields.description),
    price: text(fields.price),
    vat_rate: text(fields.vat_rate),
    currency: text(fields.currency),
    period_months: text(fields.period_months),
    trial_days: text(fields.trial_days),
    signups_open: fields.signups_open === undefined ? 0 : text(fields.signups_open),
    course_ids: keys.course,
    product_ids: keys.product,
    topic_ids: keys.topic,
  } as PlanInput;
}

/** POST /subscribe/checkout: the plan, the provider (the test provider for now) and the terms. */
export const subscribeSchema = z.object({
  plan: formIdSchema,
  provider: z.string().trim().max(32).optional().default(""),
  terms: z.preprocess(
    (value) => value === true || value === "on" || value === "1" || value === "true",
    z.boolean().refine((accepted) => accepted, "checkout:terms_required"),
  ),
});

/** Typing CANCEL confirms a cancellation (spec §5); any letter case. */
export const CANCEL_WORD = "CANCEL";
export const cancelSchema = z.object({
  membership_id: formIdSchema,
  confirm: z.preprocess(
    trimmed,
    z.string().refine((word) => word.toUpperCase() === CANCEL_WORD, "memberships:type_cancel"),
  ),
});

export const cancellationReasons = ["no_value", "expensive", "alternative", "technical", "other"] as const;
/** 'other' and 'technical' need the member's own words, at least this long (spec §5). */
export const OTHER_REASON_MIN = 4;
export const OTHER_REASON_MAX = 1000;

export const cancelSurveySchema = z
  .object({
    membership_id: formIdSchema,
    reason: z.preprocess(
      (value) => (typeof value === "string" ? value : ""),
      z
        .string()
        .refine((reason) => (cancellationReasons as readonly string[]).includes(reason), "memberships:reason_required")
        .transform((reason) => reason as CancellationReason),
    ),
    other_reason: z.preprocess(trimmed, z.string().max(OTHER_REASON_MAX)),
  })
  .superRefine((answer, ctx) => {
    if ((answer.reason === "other" || answer.reason === "technical") && answer.other_reason.length < OTHER_REASON_MIN)
      ctx.addIssue({
        code: "custom",
        path: ["other_reason"],
        message: "memberships:other_reason_short",
        params: { min: OTHER_REASON_MIN },
      });
  });

/** POST /my/membership/resume: a canceled membership whose period has not ended renews again. */
export const resumeSchema = z.object({ membership_id: formIdSchema });

/**
 * The card update (§7: POST /my/membership/card {cypher}): the cypher the browser made, and which membership (the
 * member's current one when left out). The cypher's own checks, and §8's messages, are in update-card.ts.
 */
export const cardUpdateSchema = z.object({
  membership_id: formIdSchema.optional(),
  cypher: z.preprocess(trimmed, z.string().max(2000)),
});

/** POST /my/membership/withdraw: the EU withdrawal of a membership (the confirm step is the page's dialog). */
export const withdrawSchema = z.object({ membership_id: formIdSchema });

/** POST /my/membership/retention: the member's answer to the retention offer shown in the cancel flow. */
export const retentionAnswerSchema = z.object({
  membership_id: formIdSchema,
  accept: z.preprocess((value) => value === true || value === "true" || value === "1" || value === "on", z.boolean()),
});

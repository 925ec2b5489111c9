// The admin's promo and affiliate code forms (spec §5: promo code unique, end date not before start date).
// Shared by the React forms (checked before sending) and the JSON API (checked again). Pure: no I/O.
import { z } from "zod";
import { idFromText } from "#core/shared/ids.ts";
import { blankTo, optionalMoment } from "#core/shared/zod-fields.ts";

export const CODE_MAX = 40;
/** Letters, digits, - and _: a code is typed by buyers and travels in links (?ref=CODE, ?promo=CODE). */
export const CODE_PATTERN = /^[A-Za-z0-9_-]+$/;
export const PERCENT_MIN = 1;
export const PERCENT_MAX = 100;
/** The largest fixed discount, in cents (as the course price limit). */
export const FIXED_MAX_CENTS = 100_000_000;
export const USAGE_LIMIT_MAX = 1_000_000;
export const COOKIE_DAYS_DEFAULT = 30;
export const COOKIE_DAYS_MAX = 365;
export const AFFILIATE_NAME_MAX = 120;

export const promoCodeKinds = ["percent", "fixed"] as const;
export type PromoCodeKindName = (typeof promoCodeKinds)[number];

export const codeField = z
  .string()
  .trim()
  .min(1)
  .max(CODE_MAX)
  .refine((value) => value === "" || CODE_PATTERN.test(value), "promo:code_format");

/** Which products a promo code applies to: every product, one course (sold by its product row), or one product. */
export type PromoScope = { kind: "all" } | { kind: "course"; id: number } | { kind: "product"; id: number };

export function parseScope(value: string): PromoScope | null {
  if (value === "all" || value === "") return { kind: "all" };
  const match = /^(course|product):(\d+)$/.exec(value);
  const id = idFromText(match?.[2]);
  return match && id ? { kind: match[1] as "course" | "product", id } : null;
}

export function scopeValue(scope: PromoScope): string {
  return scope.kind === "all" ? "all" : `${scope.kind}:${scope.id}`;
}

export const promoCodeSchema = z
  .object({
    code: codeField,
    kind: z.enum(promoCodeKinds),
    /** percent (1..100) or an amount in cents; checked against the kind below */
    amount: z.unknown(),
    starts_at: optionalMoment("start"),
    ends_at: optionalMoment("end"),
    /** -1 (or empty): unlimited */
    usage_limit: z.preprocess(
      blankTo(-1),
      z
        .number()
        .int()
        .refine((limit) => limit === -1 || (limit >= 1 && limit <= USAGE_LIMIT_MAX), "promo:usage_limit_invalid"),
    ),
    /** "all", "course:{courseId}" or "product:{productId}" */
    scope: z.preprocess(
      blankTo("all"),
      z.string().refine((value) => parseScope(value) !== null, "validation:in"),
    ),
  })
  .superRefine((promo, ctx) => {
    const amount = promo.amount;
    const whole = typeof amount === "number" && Number.isInteger(amount);
    if (promo.kind === "percent") {
      if (amount === undefined || amount === null || amount === "") {
        ctx.addIssue({ code: "custom", path: ["amount"], message: "validation:required" });
      } else if (!whole) {
        ctx.addIssue({ code: "custom", path: ["amount"], message: "validation:integer" });
      } else if (amount < PERCENT_MIN) {
        ctx.addIssue({
          code: "custom",
          path: ["amount"],
          message: "validation:number_min",
          params: { min: PERCENT_MIN },
        });
      } else if (amount > PERCENT_MAX) {
        ctx.addIssue({
          code: "custom",
          path: ["amount"],
          message: "validation:number_max",
          params: { max: PERCENT_MAX },
        });
      }
    } else if (!whole || amount < 1 || amount > FIXED_MAX_CENTS) {
      ctx.addIssue({ code: "custom", path: ["amount"], message: "promo:amount_money" });
    }
    if (promo.starts_at && promo.ends_at && promo.ends_at < promo.starts_at) {
      ctx.addIssue({ code: "custom", path: ["ends_at"], message: "promo:end_before_start" });
    }
  })
  .transform(({ scope, amount, ...promo }) => ({ ...promo, amount: amount as number, scope: parseScope(scope)! }));

export type PromoCodeInput = z.input<typeof promoCodeSchema>;
export type PromoCodeFields = z.output<typeof promoCodeSchema>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const affiliateCodeSchema = z.object({
  code: codeField,
  name: z.string().trim().min(1).max(AFFILIATE_NAME_MAX),
  /** optional: whom to tell about their commissions */
  email: z.preprocess(
    blankTo(""),
    z
      .string()
      .trim()
      .toLowerCase()
      .max(254)
      .refine((value) => value === "" || EMAIL.test(value), "validation:email"),
  ),
  commission_percent: z.number().int().min(PERCENT_MIN).max(PERCENT_MAX),
  cookie_days: z.preprocess(blankTo(COOKIE_DAYS_DEFAULT), z.number().int().min(1).max(COOKIE_DAYS_MAX)),
});

export type AffiliateCodeInput = z.input<typeof affiliateCodeSchema>;
export type AffiliateCodeFields = z.output<typeof affiliateCodeSchema>;

// The promo and affiliate forms' rules (spec §5): code characters, percent 1..100 or a positive amount, the end
// not before the start, the usage limit (-1 or empty unlimited), the product scope; the form fields' text turned
// into the call's shape (money in cents); and a code's status as the admin's list shows it.
import { describe, expect, it } from "vitest";
import { fieldErrorsOf } from "#core/validation.ts";
import { affiliateCodeBody, promoCodeBody } from "./form-input.ts";
import { promoCodeStatus } from "./promo-code-status.ts";
import { affiliateCodeSchema, parseScope, promoCodeSchema } from "./schemas.ts";

const valid = {
  code: "SPRING-25",
  kind: "percent",
  amount: 25,
  starts_at: "",
  ends_at: "",
  usage_limit: "",
  scope: "all",
};

function errorsOf(
  input: Record<string, unknown>,
  schema: typeof promoCodeSchema | typeof affiliateCodeSchema = promoCodeSchema,
) {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrorsOf(result.error, input);
}

describe("promo code schema", () => {
  it("accepts a code as typed, with defaults: no dates, unlimited, every product", () => {
    expect(promoCodeSchema.parse(valid)).toEqual({
      code: "SPRING-25",
      kind: "percent",
      amount: 25,
      starts_at: null,
      ends_at: null,
      usage_limit: -1,
      scope: { kind: "all" },
    });
  });

  it("allows only letters, digits, - and _ in a code", () => {
    for (const code of ["WITH SPACE", "zniżka", "a/b", "50%"]) {
      expect(errorsOf({ ...valid, code }).code).toEqual([{ key: "promo:code_format" }]);
    }
    expect(errorsOf({ ...valid, code: "" }).code).toEqual([{ key: "validation:required" }]);
    expect(errorsOf({ ...valid, code: "Ok_code-1" }).code).toBeUndefined();
  });

  it("keeps a percentage between 1 and 100 and a fixed amount above zero", () => {
    expect(errorsOf({ ...valid, amount: 0 }).amount).toEqual([{ key: "validation:number_min", values: { min: 1 } }]);
    expect(errorsOf({ ...valid, amount: 101 }).amount).toEqual([
      { key: "validation:number_max", values: { max: 100 } },
    ]);
    expect(errorsOf({ ...valid, amount: 12.5 }).amount).toEqual([{ key: "validation:integer" }]);
    expect(errorsOf({ ...valid, amount: "" }).amount).toEqual([{ key: "validation:required" }]);
    expect(errorsOf({ ...valid, kind: "fixed", amount: 0 }).amount).toEqual([{ key: "promo:amount_money" }]);
    expect(errorsOf({ ...valid, kind: "fixed", amount: "abc" }).amount).toEqual([{ key: "promo:amount_money" }]);
    expect(promoCodeSchema.parse({ ...valid, kind: "fixed", amount: 1500 }).amount).toBe(1500);
    expect(errorsOf({ ...valid, kind: "other" }).kind).toEqual([{ key: "validation:in" }]);
  });

  it("refuses an end date before the start date, under the end date; the same day is fine", () => {
    expect(errorsOf({ ...valid, starts_at: "2026-05-02", ends_at: "2026-05-01" }).ends_at).toEqual([
      { key: "promo:end_before_start" },
    ]);
    const sameDay = promoCodeSchema.parse({ ...valid, starts_at: "2026-05-01", ends_at: "2026-05-01" });
    expect(sameDay.starts_at).toBe("2026-05-01T00:00:00.000Z");
    expect(sameDay.ends_at).toBe("2026-05-01T23:59:59.999Z");
    expect(errorsOf({ ...valid, ends_at: "yesterday" }).ends_at).toEqual([{ key: "validation:date" }]);
    expect(errorsOf({ ...valid, ends_at: "2026-05-01T10:00" }).ends_at).toEqual([{ key: "validation:date" }]);
    expect(promoCodeSchema.parse({ ...valid, ends_at: "2026-05-01T10:00:00+02:00" }).ends_at).toBe(
      "2026-05-01T08:00:00.000Z",
    );
  });

  it("takes -1 or empty as no usage limit and refuses 0 or less", () => {
    expect(promoCodeSchema.parse({ ...valid, usage_limit: -1 }).usage_limit).toBe(-1);
    expect(promoCodeSchema.parse({ ...valid, usage_limit: 3 }).usage_limit).toBe(3);
    expect(errorsOf({ ...valid, usage_limit: 0 }).usage_limit).toEqual([{ key: "promo:usage_limit_invalid" }]);
    expect(errorsOf({ ...valid, usage_limit: -5 }).usage_limit).toEqual([{ key: "promo:usage_limit_invalid" }]);
    expect(errorsOf({ ...valid, usage_limit: "many" }).usage_limit).toEqual([{ key: "validation:integer" }]);
  });

  it("limits a code to all products, one course or one product", () => {
    expect(parseScope("all")).toEqual({ kind: "all" });
    expect(parseScope("course:12")).toEqual({ kind: "course", id: 12 });
    expect(parseScope("product:3")).toEqual({ kind: "product", id: 3 });
    for (const scope of ["course:0", "course:x", "user:1", "course:1;drop"]) expect(parseScope(scope)).toBeNull();
    expect(errorsOf({ ...valid, scope: "lesson:1" }).scope).toEqual([{ key: "validation:in" }]);
  });
});

describe("affiliate code schema", () => {
  const affiliate = { code: "anna", name: "Anna Nowak", email: "", commission_percent: 20, cookie_days: "" };

  it("defaults the cookie life to 30 days and lets the e-mail be empty", () => {
    expect(affiliateCodeSchema.parse(affiliate)).toEqual({ ...affiliate, email: "", cookie_days: 30 });
  });

  it("checks the code, the name, the e-mail, the percent and the cookie life", () => {
    const errors = errorsOf(
      { code: "a b", name: " ", email: "nope", commission_percent: 0, cookie_days: 400 },
      affiliateCodeSchema,
    );
    expect(errors).toEqual({
      code: [{ key: "promo:code_format" }],
      name: [{ key: "validation:required" }],
      email: [{ key: "validation:email" }],
      commission_percent: [{ key: "validation:number_min", values: { min: 1 } }],
      cookie_days: [{ key: "validation:number_max", values: { max: 365 } }],
    });
    expect(errorsOf({ ...affiliate, commission_percent: 101 }, affiliateCodeSchema).commission_percent).toEqual([
      { key: "validation:number_max", values: { max: 100 } },
    ]);
  });
});

describe("form fields to the call's shape", () => {
  it("reads a fixed amount in either language's notation as cents (core/shared/money.ts)", () => {
    const amount = (text: string) => promoCodeBody({ code: "X", kind: "fixed", amount: text }).amount;
    expect(amount("49,99")).toBe(4999);
    expect(amount("49.9")).toBe(4990);
    expect(amount("1 000")).toBe(100000);
    // Not an amount: sent as typed, so the schema names the problem.
    expect(amount("1.234")).toBe("1.234");
    expect(amount("-5")).toBe("-5");
  });

  it("turns a fixed amount into cents and a percentage into a number", () => {
    expect(promoCodeBody({ code: "X", kind: "fixed", amount: "12,50", usage_limit: "", scope: "" })).toMatchObject({
      kind: "fixed",
      amount: 1250,
      usage_limit: "",
      scope: "all",
    });
    expect(promoCodeBody({ code: "X", kind: "percent", amount: "15", usage_limit: "10" })).toMatchObject({
      amount: 15,
      usage_limit: 10,
    });
    // Text that is not an amount stays text, so the schema names the problem.
    expect(promoCodeBody({ code: "X", kind: "fixed", amount: "ten" }).amount).toBe("ten");
    expect(affiliateCodeBody({ code: "a", name: "A", commission_percent: "20", cookie_days: "14" })).toMatchObject({
      commission_percent: 20,
      cookie_days: 14,
    });
  });
});

describe("promo code status", () => {
  const now = "2026-05-10T12:00:00.000Z";
  const base = { starts_at: null, ends_at: null, usage_limit: -1, used_count: 0 };

  it("is active, scheduled, expired or used up", () => {
    expect(promoCodeStatus(base, now)).toBe("active");
    expect(promoCodeStatus({ ...base, starts_at: "2026-05-11T00:00:00.000Z" }, now)).toBe("scheduled");
    expect(promoCodeStatus({ ...base, ends_at: "2026-05-10T12:00:00.000Z" }, now)).toBe("expired");
    expect(promoCodeStatus({ ...base, ends_at: "2026-05-10T12:00:00.001Z" }, now)).toBe("active");
    expect(promoCodeStatus({ ...base, usage_limit: 2, used_count: 2 }, now)).toBe("used_up");
    expect(promoCodeStatus({ ...base, usage_limit: 2, used_count: 1 }, now)).toBe("active");
    // An ended code is expired whatever its uses.
    expect(promoCodeStatus({ ...base, usage_limit: 1, used_count: 1, ends_at: "2026-05-01T00:00:00.000Z" }, now)).toBe(
      "expired",
    );
  });
});

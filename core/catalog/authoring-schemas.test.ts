import { describe, expect, it } from "vitest";
import { fieldErrorsOf } from "../validation.ts";
import { componentInputSchema, courseSchema, grantAccessSchema } from "./authoring-schemas.ts";

const base = { title: "A course", currency: "EUR", price_cents: 10_000 };

function errors(input: Record<string, unknown>) {
  const result = courseSchema.safeParse({ ...base, ...input });
  return result.success ? {} : fieldErrorsOf(result.error, { ...base, ...input });
}

describe("courseSchema", () => {
  it("fills the defaults of a new course", () => {
    expect(courseSchema.parse(base)).toMatchObject({
      status: "draft",
      vat_rate: 23,
      promo_price_cents: null,
      access_days: null,
      access_ends_at: null,
      seo_title: "",
      cover_image: null,
    });
  });

  it("refuses a promo that ends before it starts, on the end date", () => {
    expect(
      errors({ promo_price_cents: 5000, promo_starts_at: "2026-05-10", promo_ends_at: "2026-05-09" }).promo_ends_at,
    ).toEqual([{ key: "authoring:end_before_start" }]);
    // The same day is fine: a bare end day means its last moment.
    expect(errors({ promo_price_cents: 5000, promo_starts_at: "2026-05-10", promo_ends_at: "2026-05-10" })).toEqual({});
  });

  it("turns days and moments into UTC text", () => {
    const course = courseSchema.parse({
      ...base,
      promo_price_cents: 5000,
      promo_starts_at: "2026-05-10T10:00+02:00",
      promo_ends_at: "2026-05-12",
    });
    expect(course.promo_starts_at).toBe("2026-05-10T08:00:00.000Z");
    expect(course.promo_ends_at).toBe("2026-05-12T23:59:59.999Z");
    expect(errors({ promo_price_cents: 1, promo_starts_at: "2026-05-10T10:00" }).promo_starts_at).toEqual([
      { key: "validation:date" },
    ]);
    expect(errors({ access_ends_at: "next week" }).access_ends_at).toEqual([{ key: "validation:date" }]);
  });

  it("wants the promo price below the price, and a promo price when promo dates are set", () => {
    expect(errors({ promo_price_cents: 10_000 }).promo_price_cents).toEqual([{ key: "authoring:promo_not_lower" }]);
    expect(errors({ promo_starts_at: "2026-05-10" }).promo_price_cents).toEqual([
      { key: "authoring:promo_price_required" },
    ]);
    expect(errors({ promo_price_cents: "" })).toEqual({});
  });

  it("takes access days or an access end date, not both", () => {
    expect(errors({ access_days: 30 })).toEqual({});
    expect(errors({ access_ends_at: "2027-01-01" })).toEqual({});
    expect(errors({ access_days: 30, access_ends_at: "2027-01-01" }).access_ends_at).toEqual([
      { key: "authoring:access_one_of" },
    ]);
    expect(errors({ access_days: 0 }).access_days).toEqual([{ key: "validation:number_min", values: { min: 1 } }]);
  });

  it("holds SEO texts to their hard limits (the 70 / 150 hints are only hints)", () => {
    expect(errors({ seo_title: "x".repeat(150), seo_description: "y".repeat(300) })).toEqual({});
    expect(errors({ seo_title: "x".repeat(201) }).seo_title).toEqual([
      { key: "validation:string_max", values: { max: 200 } },
    ]);
    expect(errors({ seo_description: "y".repeat(401) }).seo_description).toEqual([
      { key: "validation:string_max", values: { max: 400 } },
    ]);
  });

  it("refuses a reserved or letterless slug", () => {
    expect(errors({ slug: "Search" }).slug).toEqual([{ key: "authoring:slug_reserved" }]);
    expect(errors({ slug: "%%%" }).slug).toEqual([{ key: "authoring:slug_invalid" }]);
    expect(errors({ slug: "my-course" })).toEqual({});
  });
});

describe("component data for authoring", () => {
  it("embeds only known players", () => {
    expect(componentInputSchema("embed").safeParse({ data: { url: "https://youtu.be/dQw4w9WgXcQ" } }).success).toBe(
      true,
    );
    const result = componentInputSchema("embed").safeParse({ data: { url: "https://example.com/video" } });
    expect(result.success).toBe(false);
    expect(fieldErrorsOf(result.error!, {})).toEqual({ "data.url": [{ key: "authoring:embed_unsupported" }] });
  });

  it("checks quiz answers point at existing answers", () => {
    const quiz = { questions: [{ question: "2 + 2?", answers: ["3", "4"], correct: [2], hint: "" }] };
    expect(componentInputSchema("quiz").safeParse({ data: quiz }).success).toBe(false);
    quiz.questions[0]!.correct = [1];
    expect(componentInputSchema("quiz").safeParse({ data: quiz }).success).toBe(true);
  });
});

describe("grantAccessSchema", () => {
  it("takes an e-mail and an optional end day", () => {
    expect(grantAccessSchema.parse({ email: " Ann@Example.com " })).toEqual({
      email: "ann@example.com",
      ends_at: null,
    });
    expect(grantAccessSchema.parse({ email: "a@b.co", ends_at: "2030-01-31" }).ends_at).toBe(
      "2030-01-31T23:59:59.999Z",
    );
  });
});

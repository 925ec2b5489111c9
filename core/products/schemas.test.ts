// The product editor's rules, shared by the form and the API: kinds and their required parts, price variants (at
// most three, promo lower than the price, promo end not before its start, names when there are several), the
// promotional packages limit (-1 unlimited), access in days or until a date (0 / empty: no limit), file types.
import { describe, expect, it } from "vitest";
import { fieldErrorsOf } from "../validation.ts";
import { courseProductSchema, createProductFileSchema, productFileContentType, productSchema } from "./schemas.ts";

const variant = { price_cents: 4_900 };
const base = { kind: "consultation", title: "One hour with me", currency: "EUR", variants: [variant] };

function errors(
  input: Record<string, unknown>,
  schema: typeof productSchema | typeof courseProductSchema = productSchema,
) {
  const body = schema === productSchema ? { ...base, ...input } : input;
  const result = schema.safeParse(body);
  return result.success ? {} : fieldErrorsOf(result.error, body);
}

describe("productSchema", () => {
  it("fills the defaults of a new product", () => {
    expect(productSchema.parse(base)).toMatchObject({
      status: "draft",
      vat_rate: 23,
      promo_limit: -1,
      access_days: null,
      access_ends_at: null,
      event_link: "",
      file_key: null,
      course_ids: [],
      cover_image: null,
      variants: [{ name: "", price_cents: 4_900, promo_price_cents: null, promo_starts_at: null, promo_ends_at: null }],
    });
  });

  it("needs one to three price variants", () => {
    expect(errors({ variants: [] }).variants).toEqual([{ key: "validation:required" }]);
    const four = ["A", "B", "C", "D"].map((name) => ({ name, price_cents: 100 }));
    expect(errors({ variants: four }).variants?.[0]?.key).toBe("validation:number_max");
    expect(errors({ variants: four.slice(0, 3) })).toEqual({});
  });

  it("names every variant once there are several", () => {
    expect(errors({ variants: [{ price_cents: 100 }, { name: "Pro", price_cents: 200 }] })).toEqual({
      "variants.0.name": [{ key: "products:variant_name_required" }],
    });
  });

  it("refuses a promo that ends before it starts, on the variant's end date", () => {
    const promo = { price_cents: 10_000, promo_price_cents: 5_000 };
    expect(errors({ variants: [{ ...promo, promo_starts_at: "2026-05-10", promo_ends_at: "2026-05-09" }] })).toEqual({
      "variants.0.promo_ends_at": [{ key: "products:end_before_start" }],
    });
    // The same day is fine: a bare end day means its last moment.
    expect(errors({ variants: [{ ...promo, promo_starts_at: "2026-05-10", promo_ends_at: "2026-05-10" }] })).toEqual(
      {},
    );
    expect(
      productSchema.parse({ ...base, variants: [{ ...promo, promo_ends_at: "2026-05-10" }] }).variants[0]!
        .promo_ends_at,
    ).toBe("2026-05-10T23:59:59.999Z");
  });

  it("wants a promo price lower than the price, and one when promo dates are set", () => {
    expect(errors({ variants: [{ price_cents: 100, promo_price_cents: 100 }] })).toEqual({
      "variants.0.promo_price_cents": [{ key: "products:promo_not_lower" }],
    });
    expect(errors({ variants: [{ price_cents: 100, promo_starts_at: "2026-05-10" }] })).toEqual({
      "variants.0.promo_price_cents": [{ key: "products:promo_price_required" }],
    });
  });

  it("takes -1 as unlimited promotional packages and nothing below", () => {
    expect(productSchema.parse({ ...base, promo_limit: -1 }).promo_limit).toBe(-1);
    expect(productSchema.parse({ ...base, promo_limit: 0 }).promo_limit).toBe(0);
    expect(errors({ promo_limit: -2 }).promo_limit).toEqual([{ key: "validation:number_min", values: { min: -1 } }]);
  });

  it("reads 0 or empty access days as no limit, and refuses days together with an end date", () => {
    expect(productSchema.parse({ ...base, access_days: 0 }).access_days).toBeNull();
    expect(productSchema.parse({ ...base, access_days: "" }).access_days).toBeNull();
    expect(productSchema.parse({ ...base, access_days: 30 }).access_days).toBe(30);
    expect(errors({ access_days: 30, access_ends_at: "2027-01-01" })).toEqual({
      access_ends_at: [{ key: "products:access_one_of" }],
    });
  });

  it("asks each kind for its own part", () => {
    expect(errors({ kind: "bundle" })).toEqual({ course_ids: [{ key: "products:bundle_courses_required" }] });
    expect(errors({ kind: "bundle", course_ids: [3, 3] }).course_ids).toEqual([{ key: "products:course_twice" }]);
    expect(errors({ kind: "bundle", course_ids: [3, 1] })).toEqual({});
    expect(errors({ kind: "live_event" })).toEqual({ event_starts_at: [{ key: "validation:required" }] });
    expect(
      errors({ kind: "live_event", event_starts_at: "2026-09-01T18:00Z", event_link: "javascript:alert(1)" }),
    ).toEqual({
      event_link: [{ key: "validation:url" }],
    });
    expect(
      productSchema.parse({ ...base, kind: "live_event", event_starts_at: "2026-09-01T18:00Z" }).event_starts_at,
    ).toBe("2026-09-01T18:00:00.000Z");
    expect(errors({ kind: "file" })).toEqual({ file_key: [{ key: "products:file_required" }] });
    expect(errors({ kind: "file", file_key: "products/x/a.exe", file_name: "a.exe" })).toEqual({
      file_key: [{ key: "products:file_type" }],
    });
    expect(errors({ kind: "file", file_key: "products/x/book.epub", file_name: "Book.epub" })).toEqual({});
  });

  it("never makes a course product and refuses an address of symbols only", () => {
    expect(errors({ kind: "course" }).kind).toEqual([{ key: "validation:in" }]);
    expect(errors({ slug: "!!!" })).toEqual({ slug: [{ key: "products:slug_invalid" }] });
  });
});

describe("courseProductSchema", () => {
  it("edits at most two more variants (the course's price is the first), named", () => {
    expect(courseProductSchema.parse({})).toEqual({ promo_limit: -1, variants: [] });
    expect(errors({ variants: [{ price_cents: 100 }] }, courseProductSchema)).toEqual({
      "variants.0.name": [{ key: "products:variant_name_required" }],
    });
    const three = ["A", "B", "C"].map((name) => ({ name, price_cents: 100 }));
    expect(errors({ variants: three }, courseProductSchema).variants?.[0]?.key).toBe("validation:number_max");
  });
});

describe("product files", () => {
  it("accepts documents, e-books, archives, audio and video, with the server's content type", () => {
    expect(productFileContentType("Guide.PDF")).toBe("application/pdf");
    expect(productFileContentType("album.zip")).toBe("application/zip");
    expect(productFileContentType("book.epub")).toBe("application/epub+zip");
    expect(productFileContentType("talk.mp3")).toBe("audio/mpeg");
    expect(productFileContentType("class.mp4")).toBe("video/mp4");
    expect(productFileContentType("tool.exe")).toBeNull();
    expect(productFileContentType("page.html")).toBeNull();
    expect(createProductFileSchema.safeParse({ filename: "../book.pdf" }).success).toBe(false);
    expect(createProductFileSchema.safeParse({ filename: "run.sh" }).success).toBe(false);
    expect(createProductFileSchema.safeParse({ filename: "Książka.pdf" }).success).toBe(true);
  });
});

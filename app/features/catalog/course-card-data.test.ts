import { describe, expect, it } from "vitest";
import type { CourseSummary } from "#core/catalog/list-published-courses.ts";
import { courseCardData, excerpt } from "./course-card-data.ts";

const course: CourseSummary = {
  id: 1,
  slug: "pottery",
  title: "Pottery",
  description:
    "## Intro\n\nLearn **pottery** with [our guide](https://example.com).\n\n- Centering\n- Glazing\n1. First",
  cover_image: null,
  price_cents: 12900,
  promo_price_cents: 9900,
  promo_starts_at: "2026-05-01T00:00:00.000Z",
  promo_ends_at: "2026-05-10T00:00:00.000Z",
  currency: "EUR",
  created_at: "2026-01-01T00:00:00.000Z",
  section_count: 2,
  lecture_count: 4,
  total_minutes: 135,
};

describe("excerpt", () => {
  it("turns markdown into one line of plain text", () => {
    expect(excerpt(course.description)).toBe("Intro Learn pottery with our guide. Centering Glazing First");
  });

  it("cuts long texts at a word boundary with an ellipsis", () => {
    const long = `${"word ".repeat(50)}end.`;
    const cut = excerpt(long, 22);
    expect(cut).toBe("word word word word…");
  });
});

describe("courseCardData", () => {
  it("formats the length per §9, the price in the school's language and a running promotion", () => {
    const during = courseCardData(course, "en", "2026-05-05T00:00:00.000Z");
    expect(during).toMatchObject({
      duration: "2h 15min",
      price: "€129.00",
      promoPrice: "€99.00",
      cover: null,
      lectureCount: 4,
    });
    const after = courseCardData(course, "pl", "2026-05-10T00:00:00.000Z");
    expect(after.promoPrice).toBeNull();
    expect(after.price?.replace(/\s/g, " ")).toBe("129,00 €");
  });

  it("says free for a zero price, nothing for a zero length, and serves a cover from /files/", () => {
    const free = courseCardData(
      { ...course, price_cents: 0, promo_price_cents: null, total_minutes: 0, cover_image: "covers/a b.webp" },
      "en",
      "2026-05-05T00:00:00.000Z",
    );
    expect(free).toMatchObject({ price: null, promoPrice: null, duration: "", cover: "/files/covers/a%20b.webp" });
  });
});

import { describe, expect, it } from "vitest";
import { isPromoActive, nextPriceChangeAt, priceAt } from "./course-price.ts";
import { currentPromoStart, lowestPriceIn30Days, type PriceSnapshot } from "./lowest-price-30-days.ts";

const PROMO_START = "2026-06-01T00:00:00.000Z";
/** A moment `days` before the current promotion starts. */
function before(days: number, hours = 0): string {
  return new Date(new Date(PROMO_START).getTime() - days * 86_400_000 - hours * 3_600_000).toISOString();
}
function regular(price: number, changedAt: string): PriceSnapshot {
  return {
    price_cents: price,
    promo_price_cents: null,
    promo_starts_at: null,
    promo_ends_at: null,
    changed_at: changedAt,
  };
}
function promo(
  price: number,
  promoPrice: number,
  from: string | null,
  to: string | null,
  changedAt: string,
): PriceSnapshot {
  return {
    price_cents: price,
    promo_price_cents: promoPrice,
    promo_starts_at: from,
    promo_ends_at: to,
    changed_at: changedAt,
  };
}
/** The snapshot that announced the current promotion (it itself never counts). */
const current = promo(10000, 5000, PROMO_START, "2026-06-15T00:00:00.000Z", before(2));

describe("isPromoActive / priceAt / nextPriceChangeAt", () => {
  const course = {
    price_cents: 10000,
    promo_price_cents: 7000,
    promo_starts_at: "2026-05-01T00:00:00.000Z",
    promo_ends_at: "2026-05-10T00:00:00.000Z",
  };

  it("applies the promo price only from its start (inclusive) until its end (exclusive)", () => {
    expect(isPromoActive(course, "2026-04-30T23:59:59.999Z")).toBe(false);
    expect(isPromoActive(course, "2026-05-01T00:00:00.000Z")).toBe(true);
    expect(isPromoActive(course, "2026-05-09T23:59:59.999Z")).toBe(true);
    expect(isPromoActive(course, "2026-05-10T00:00:00.000Z")).toBe(false);
    expect(priceAt(course, "2026-05-05T00:00:00.000Z")).toBe(7000);
    expect(priceAt(course, "2026-05-11T00:00:00.000Z")).toBe(10000);
  });

  it("treats an open start or end as unlimited, and no promo price or a higher one as no promotion", () => {
    expect(isPromoActive({ ...course, promo_starts_at: null, promo_ends_at: null }, "2030-01-01T00:00:00.000Z")).toBe(
      true,
    );
    expect(isPromoActive({ ...course, promo_price_cents: null }, "2026-05-05T00:00:00.000Z")).toBe(false);
    expect(isPromoActive({ ...course, promo_price_cents: 10000 }, "2026-05-05T00:00:00.000Z")).toBe(false);
    expect(isPromoActive({ ...course, promo_price_cents: 12000 }, "2026-05-05T00:00:00.000Z")).toBe(false);
    expect(isPromoActive({ ...course, promo_price_cents: 0 }, "2026-05-05T00:00:00.000Z")).toBe(true);
  });

  it("names the next moment the price changes by itself", () => {
    expect(nextPriceChangeAt(course, "2026-04-01T00:00:00.000Z")).toBe("2026-05-01T00:00:00.000Z");
    expect(nextPriceChangeAt(course, "2026-05-05T00:00:00.000Z")).toBe("2026-05-10T00:00:00.000Z");
    expect(nextPriceChangeAt(course, "2026-05-10T00:00:00.000Z")).toBeNull();
    expect(nextPriceChangeAt({ ...course, promo_price_cents: null }, "2026-04-01T00:00:00.000Z")).toBeNull();
  });
});

describe("lowestPriceIn30Days", () => {
  it("without any history answers the regular price", () => {
    expect(lowestPriceIn30Days([], PROMO_START, 10000)).toBe(10000);
  });

  it("with a single regular price before the window answers that price", () => {
    expect(lowestPriceIn30Days([regular(10000, before(100)), current], PROMO_START, 10000)).toBe(10000);
  });

  it("finds a lower regular price that applied inside the window", () => {
    const history = [regular(8000, before(100)), regular(9000, before(20)), regular(10000, before(5)), current];
    // 8000 applied at the window's start (30 days before), until 20 days before.
    expect(lowestPriceIn30Days(history, PROMO_START, 10000)).toBe(8000);
  });

  it("ignores a lower regular price that ended before the window", () => {
    const history = [regular(6000, before(90)), regular(9000, before(31)), regular(10000, before(10)), current];
    expect(lowestPriceIn30Days(history, PROMO_START, 10000)).toBe(9000);
  });

  it("counts a price that changed exactly at the window's start, not one that changed just before", () => {
    const history = [regular(7000, before(40)), regular(9500, before(30)), current];
    expect(lowestPriceIn30Days(history, PROMO_START, 10000)).toBe(9500);
    const earlier = [regular(7000, before(40)), regular(9500, before(30, -1)), current];
    // 7000 still applied during the window's first hour.
    expect(lowestPriceIn30Days(earlier, PROMO_START, 10000)).toBe(7000);
  });

  it("counts an earlier promotion that ran inside the window", () => {
    const history = [
      regular(10000, before(100)),
      promo(10000, 6000, before(25), before(18), before(26)),
      regular(10000, before(10)),
      current,
    ];
    expect(lowestPriceIn30Days(history, PROMO_START, 10000)).toBe(6000);
  });

  it("counts an earlier promotion that started before the window and still ran inside it", () => {
    const history = [regular(10000, before(100)), promo(10000, 7000, before(45), before(28), before(50)), current];
    expect(lowestPriceIn30Days(history, PROMO_START, 10000)).toBe(7000);
  });

  it("ignores an earlier promotion that ended before the window began", () => {
    const history = [regular(10000, before(100)), promo(10000, 5500, before(60), before(31), before(61)), current];
    expect(lowestPriceIn30Days(history, PROMO_START, 10000)).toBe(10000);
  });

  it("ignores a promotion that was scheduled inside the window but replaced before it started", () => {
    const history = [
      regular(10000, before(100)),
      promo(10000, 4000, before(5), before(3), before(20)),
      regular(10000, before(8)),
      current,
    ];
    expect(lowestPriceIn30Days(history, PROMO_START, 10000)).toBe(10000);
  });

  it("counts a promotion that started inside the window and ran until the current one began", () => {
    const history = [regular(10000, before(100)), promo(10000, 8000, before(12), null, before(15)), current];
    expect(lowestPriceIn30Days(history, PROMO_START, 10000)).toBe(8000);
  });

  it("leaves out the current promotion itself, also when it was set up exactly at its start", () => {
    const history = [regular(10000, before(100)), promo(10000, 5000, PROMO_START, null, PROMO_START)];
    expect(lowestPriceIn30Days(history, PROMO_START, 10000)).toBe(10000);
  });

  it("with history starting inside the window uses only the known part", () => {
    const history = [regular(12000, before(10)), regular(11000, before(4)), current];
    expect(lowestPriceIn30Days(history, PROMO_START, 10000)).toBe(10000);
  });

  it("does not depend on the order the rows come in", () => {
    const history = [current, regular(9000, before(20)), regular(10000, before(5)), regular(8000, before(100))];
    expect(lowestPriceIn30Days(history, PROMO_START, 10000)).toBe(8000);
  });
});

describe("currentPromoStart", () => {
  const now = "2026-06-10T00:00:00.000Z";
  it("is the promotion's start date when it has one", () => {
    expect(
      currentPromoStart(
        { price_cents: 100, promo_price_cents: 50, promo_starts_at: PROMO_START, promo_ends_at: null },
        [],
        now,
      ),
    ).toBe(PROMO_START);
  });

  it("without a start date is when the history first shows the current promo price", () => {
    const course = { price_cents: 10000, promo_price_cents: 5000, promo_starts_at: null, promo_ends_at: null };
    const history = [
      regular(10000, before(100)),
      promo(10000, 5000, null, null, before(50)),
      regular(10000, before(40)),
      promo(10000, 5000, null, null, before(3)),
      promo(11000, 5000, null, null, before(1)),
    ];
    expect(currentPromoStart(course, history, now)).toBe(before(3));
    expect(currentPromoStart(course, [], now)).toBe(now);
  });
});

import { describe, expect, it } from "vitest";
import { offersRetention, renewalAmount } from "./retention.ts";

const live = { status: "active" as const, period_months: 1, provider: "test", retention_shown_at: null };
const offer = { kind: "discount" as const, percent: 50, periods: 2 };

describe("offersRetention", () => {
  it("offers once, to a live membership we bill, when the school has an offer", () => {
    expect(offersRetention(live, offer)).toBe(true);
    expect(offersRetention({ ...live, status: "at_risk" }, offer)).toBe(true);
    expect(offersRetention({ ...live, status: "past_due" }, offer)).toBe(false);
    expect(offersRetention(live, null)).toBe(false);
    expect(offersRetention({ ...live, retention_shown_at: "2026-11-01T00:00:00.000Z" }, offer)).toBe(false);
    expect(offersRetention({ ...live, status: "canceled" }, offer)).toBe(false);
    expect(offersRetention({ ...live, status: "STARTED" }, offer)).toBe(false);
    expect(offersRetention({ ...live, period_months: -1 }, offer)).toBe(false);
    expect(offersRetention({ ...live, provider: "stripe" }, offer)).toBe(false);
  });
});

describe("renewalAmount", () => {
  const member = { price_cents: 4999, discount_percent: 30, discount_until_period: 3 };
  it("takes the discount off the periods it covers, rounding down to the cent", () => {
    expect(renewalAmount(member, 2)).toBe(3499);
    expect(renewalAmount(member, 3)).toBe(3499);
    expect(renewalAmount(member, 4)).toBe(4999);
    expect(renewalAmount({ ...member, discount_percent: 0 }, 2)).toBe(4999);
  });
});

import { describe, expect, it } from "vitest";
import { addMonths, cardExpiresBefore, membershipOpens, nextRetryAt } from "./periods.ts";

describe("membership periods", () => {
  it("keeps the day of the month, or the month's last day", () => {
    expect(addMonths("2026-01-31T10:00:00.000Z", 1)).toBe("2026-02-28T10:00:00.000Z");
    expect(addMonths("2026-01-31T10:00:00.000Z", 2, 31)).toBe("2026-03-31T10:00:00.000Z");
    expect(addMonths("2026-11-15T00:00:00.000Z", 12)).toBe("2027-11-15T00:00:00.000Z");
  });

  it("opens content while active, at risk or past due, and canceled only until the period ends", () => {
    const now = "2026-06-01T00:00:00.000Z";
    for (const status of ["active", "at_risk", "past_due"] as const)
      expect(membershipOpens({ status, current_period_end: "2026-05-01T00:00:00.000Z" }, now)).toBe(true);
    expect(membershipOpens({ status: "canceled", current_period_end: "2026-06-02T00:00:00.000Z" }, now)).toBe(true);
    expect(membershipOpens({ status: "canceled", current_period_end: now }, now)).toBe(false);
    for (const status of ["STARTED", "finished", "expired"] as const)
      expect(membershipOpens({ status, current_period_end: "2027-01-01T00:00:00.000Z" }, now)).toBe(false);
  });

  it("retries on days +1, +3, +5, +7 after the first failure, then gives up", () => {
    const first = "2026-06-01T00:00:00.000Z";
    expect([1, 2, 3, 4].map((n) => nextRetryAt(first, n))).toEqual([
      "2026-06-02T00:00:00.000Z",
      "2026-06-04T00:00:00.000Z",
      "2026-06-06T00:00:00.000Z",
      "2026-06-08T00:00:00.000Z",
    ]);
    expect(nextRetryAt(first, 5)).toBeNull();
  });

  it("puts a membership at risk when its card expires before the next charge", () => {
    const card = { card_exp_month: 6, card_exp_year: 2026 };
    expect(cardExpiresBefore(card, "2026-06-30T23:59:59.000Z")).toBe(false);
    expect(cardExpiresBefore(card, "2026-07-01T00:00:00.000Z")).toBe(true);
    expect(cardExpiresBefore({ card_exp_month: null, card_exp_year: null }, "2030-01-01T00:00:00.000Z")).toBe(false);
    expect(cardExpiresBefore(card, null)).toBe(false);
  });
});

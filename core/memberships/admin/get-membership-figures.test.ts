import { describe, expect, it } from "vitest";
import { monthStarts } from "./get-membership-figures.ts";

describe("the figures' months", () => {
  it("are the school's months in its time zone, the next month's start closing the last", () => {
    // 23:30 UTC on 31 March is already April in Warsaw (UTC+2 in summer time).
    expect(monthStarts("2026-03-31T23:30:00.000Z", "Europe/Warsaw", 2)).toEqual([
      { month: "2026-03", start: "2026-02-28T23:00:00.000Z" },
      { month: "2026-04", start: "2026-03-31T22:00:00.000Z" },
      { month: "2026-05", start: "2026-04-30T22:00:00.000Z" },
    ]);
    expect(monthStarts("2026-01-15T12:00:00.000Z", "UTC", 2).map((m) => m.month)).toEqual([
      "2025-12",
      "2026-01",
      "2026-02",
    ]);
  });
});

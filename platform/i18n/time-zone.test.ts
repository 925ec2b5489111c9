import { describe, expect, it } from "vitest";
import { isTimeZone, timeZoneNames, utcToZoned, zonedToUtc } from "./time-zone.ts";

describe("the school's time zone", () => {
  it("knows the IANA names and UTC, and nothing else", () => {
    expect(isTimeZone("Europe/Warsaw")).toBe(true);
    expect(isTimeZone("America/New_York")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Europe/Atlantis")).toBe(false);
    expect(isTimeZone("europe/warsaw")).toBe(false);
    expect(isTimeZone("+01:00")).toBe(false);
    expect(timeZoneNames()[0]).toBe("UTC");
  });

  it("stores 18:00 in Warsaw as 17:00Z in winter and 16:00Z in summer, and shows it back as 18:00", () => {
    expect(zonedToUtc("2026-01-15T18:00", "Europe/Warsaw")).toBe("2026-01-15T17:00:00.000Z");
    expect(zonedToUtc("2026-07-15T18:00", "Europe/Warsaw")).toBe("2026-07-15T16:00:00.000Z");
    expect(utcToZoned("2026-01-15T17:00:00.000Z", "Europe/Warsaw")).toBe("2026-01-15T18:00");
    expect(utcToZoned("2026-07-15T16:00:00.000Z", "Europe/Warsaw")).toBe("2026-07-15T18:00");
    expect(zonedToUtc("2026-07-15T18:00", "UTC")).toBe("2026-07-15T18:00:00.000Z");
    expect(zonedToUtc("2026-07-15T18:00", "America/New_York")).toBe("2026-07-15T22:00:00.000Z");
  });

  it("resolves the hours around a change of the clocks", () => {
    // 29 March 2026: Warsaw's clocks go from 02:00 CET to 03:00 CEST.
    expect(zonedToUtc("2026-03-29T01:59", "Europe/Warsaw")).toBe("2026-03-29T00:59:00.000Z");
    expect(zonedToUtc("2026-03-29T02:30", "Europe/Warsaw")).toBe("2026-03-29T01:30:00.000Z");
    expect(utcToZoned("2026-03-29T01:30:00.000Z", "Europe/Warsaw")).toBe("2026-03-29T03:30");
    expect(zonedToUtc("2026-03-29T03:00", "Europe/Warsaw")).toBe("2026-03-29T01:00:00.000Z");
    // 25 October 2026: 03:00 CEST becomes 02:00 CET; 02:30 happens twice (the first one is meant).
    expect(zonedToUtc("2026-10-25T02:30", "Europe/Warsaw")).toBe("2026-10-25T00:30:00.000Z");
    expect(utcToZoned("2026-10-25T01:30:00.000Z", "Europe/Warsaw")).toBe("2026-10-25T02:30");
    expect(zonedToUtc("2026-10-25T03:00", "Europe/Warsaw")).toBe("2026-10-25T02:00:00.000Z");
    // Midnight across the change of day.
    expect(utcToZoned("2026-12-31T23:30:00.000Z", "Europe/Warsaw")).toBe("2027-01-01T00:30");
  });

  it("refuses what is not a wall-clock time", () => {
    expect(zonedToUtc("2026-01-15", "Europe/Warsaw")).toBeNull();
    expect(zonedToUtc("18:00", "Europe/Warsaw")).toBeNull();
    expect(zonedToUtc("2026-01-15T18:00Z", "Europe/Warsaw")).toBeNull();
    expect(utcToZoned("not a date", "Europe/Warsaw")).toBe("");
  });
});

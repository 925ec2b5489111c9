// Drip release's dates on a fake clock: days counted on the school's wall clock (so a change of the clocks keeps
// the hour), a date as an instant, the later of section and lecture, who is held back, and when it opens.
import { describe, expect, it } from "vitest";
import {
  AFTER_ACCESS,
  dripAccessStart,
  dripState,
  lectureDrip,
  lectureUnlockMs,
  OPEN,
  ruleUnlockMs,
} from "./drip-rules.ts";

const none = { drip_days: null, drip_at: null };
const days = (n: number) => ({ drip_days: n, drip_at: null });
const at = (iso: string) => ({ drip_days: null, drip_at: iso });
const iso = (ms: number) => new Date(ms).toISOString();

describe("when a rule opens", () => {
  it("is open from the start without a rule", () => {
    expect(ruleUnlockMs(none, "2026-11-01T10:00:00.000Z", "Europe/Warsaw")).toBe(OPEN);
  });

  it("counts days on the school's wall clock: across the end of summer time the gap is 25 hours", () => {
    // 24 October 2026, 09:00 in Warsaw (CEST, UTC+2); clocks go back on 25 October.
    const start = "2026-10-24T07:00:00.000Z";
    expect(iso(ruleUnlockMs(days(3), start, "Europe/Warsaw"))).toBe("2026-10-27T08:00:00.000Z");
    // In UTC the same rule is exactly 72 hours.
    expect(iso(ruleUnlockMs(days(3), start, "UTC"))).toBe("2026-10-27T07:00:00.000Z");
  });

  it("across the start of summer time the gap is 23 hours, and the seconds are kept", () => {
    // 28 March 2026, 09:00:30.5 in Warsaw (CET); clocks go forward on 29 March.
    expect(iso(ruleUnlockMs(days(1), "2026-03-28T08:00:30.500Z", "Europe/Warsaw"))).toBe("2026-03-29T07:00:30.500Z");
  });

  it("a start at a time the clocks skip N days later moves forward by the gap", () => {
    // 28 March 2026, 02:30 in Warsaw; on 29 March 02:30 does not exist: 03:30 CEST.
    expect(iso(ruleUnlockMs(days(1), "2026-03-28T01:30:00.000Z", "Europe/Warsaw"))).toBe("2026-03-29T01:30:00.000Z");
  });

  it("a date is its instant, whoever looks", () => {
    expect(iso(ruleUnlockMs(at("2026-12-03T08:00:00.000Z"), null, "Europe/Warsaw"))).toBe("2026-12-03T08:00:00.000Z");
  });

  it("a days rule without an access waits for the access", () => {
    expect(ruleUnlockMs(days(3), null, "UTC")).toBe(AFTER_ACCESS);
  });

  it("a lecture opens at the later of its section's unlock and its own", () => {
    const start = "2026-11-01T10:00:00.000Z";
    expect(iso(lectureUnlockMs(days(7), days(2), start, "UTC"))).toBe("2026-11-08T10:00:00.000Z");
    expect(iso(lectureUnlockMs(days(2), days(7), start, "UTC"))).toBe("2026-11-08T10:00:00.000Z");
    expect(iso(lectureUnlockMs(days(2), at("2026-12-24T00:00:00.000Z"), start, "UTC"))).toBe(
      "2026-12-24T00:00:00.000Z",
    );
    expect(lectureUnlockMs(none, none, start, "UTC")).toBe(OPEN);
  });
});

describe("a locked lecture on a moving clock", () => {
  const start = "2026-11-01T10:00:00.000Z";
  const rules = { section: none, lecture: days(3) };

  it("is locked until the moment it opens, then open", () => {
    expect(lectureDrip(rules, start, "UTC", "2026-11-04T09:59:59.999Z")).toEqual({
      locked: true,
      availableAt: "2026-11-04T10:00:00.000Z",
    });
    expect(lectureDrip(rules, start, "UTC", "2026-11-04T10:00:00.000Z")).toEqual({ locked: false });
  });

  it("waiting for an access has no date", () => {
    expect(dripState(AFTER_ACCESS, start)).toEqual({ locked: true, availableAt: null });
    expect(dripState(OPEN, start)).toEqual({ locked: false });
  });

  it("never holds an admin back; a student preview counts from now; a student from their access", () => {
    const now = "2026-11-02T00:00:00.000Z";
    expect(dripAccessStart({ isAdmin: true, preview: false }, null, now)).toBe("exempt");
    expect(lectureDrip(rules, "exempt", "UTC", now)).toEqual({ locked: false });
    expect(dripAccessStart({ isAdmin: false, preview: true }, null, now)).toBe(now);
    expect(dripAccessStart({ isAdmin: false, preview: false }, start, now)).toBe(start);
    expect(dripAccessStart({ isAdmin: false, preview: false }, null, now)).toBeNull();
  });
});

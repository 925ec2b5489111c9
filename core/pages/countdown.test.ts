// The countdown's arithmetic (spec §2, §9): what is left, which boxes show, and when the next tick falls, at
// given moments (the clock is always an argument).
import { describe, expect, it } from "vitest";
import { COUNTDOWN_TICK_MS, countdownParts, nextTickIn, visibleUnits } from "./countdown.ts";

const end = Date.parse("2026-12-01T12:00:00.000Z");
const before = (ms: number) => end - ms;
const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;
const day = 24 * hour;

describe("countdownParts", () => {
  it("splits what is left into days, hours, minutes and seconds", () => {
    expect(countdownParts(end, before(2 * day + 3 * hour + 4 * minute + 5 * second))).toEqual({
      days: 2,
      hours: 3,
      minutes: 4,
      seconds: 5,
      expired: false,
    });
  });

  it("rounds a part-second down, so it never shows a second that has not begun", () => {
    expect(countdownParts(end, before(5 * second + 999))).toMatchObject({ seconds: 5, expired: false });
    expect(countdownParts(end, before(999))).toMatchObject({ seconds: 0, expired: true });
  });

  it("stops at zeros once the end has passed", () => {
    expect(countdownParts(end, end + hour)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, expired: true });
    expect(countdownParts(end, end)).toMatchObject({ expired: true });
  });
});

describe("visibleUnits", () => {
  it("shows four boxes while there are days", () => {
    expect(visibleUnits(countdownParts(end, before(day)))).toEqual(["days", "hours", "minutes", "seconds"]);
    expect(visibleUnits(countdownParts(end, before(day + 5 * second)))).toEqual([
      "days",
      "hours",
      "minutes",
      "seconds",
    ]);
  });

  it("hides days when zero, and hours when both are zero", () => {
    expect(visibleUnits(countdownParts(end, before(23 * hour)))).toEqual(["hours", "minutes", "seconds"]);
    expect(visibleUnits(countdownParts(end, before(59 * minute)))).toEqual(["minutes", "seconds"]);
    expect(visibleUnits(countdownParts(end, end + 1))).toEqual(["minutes", "seconds"]);
  });
});

describe("nextTickIn", () => {
  it("ticks every second (§9), on the second the display changes", () => {
    expect(COUNTDOWN_TICK_MS).toBe(1000);
    expect(nextTickIn(end, before(10 * second))).toBe(1000);
    expect(nextTickIn(end, before(10 * second + 250))).toBe(250);
  });

  it("walks a whole minute down second by second on an injected clock", () => {
    let now = before(minute);
    const shown: number[] = [];
    while (!countdownParts(end, now).expired) {
      shown.push(countdownParts(end, now).seconds);
      now += nextTickIn(end, now);
    }
    expect(shown).toHaveLength(60);
    expect(shown[0]).toBe(0);
    expect(shown[1]).toBe(59);
    expect(shown.at(-1)).toBe(1);
    expect(now).toBe(end);
  });
});

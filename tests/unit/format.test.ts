// Formatting in the page's language (spec §9): Polish dates DD.MM.YYYY with Monday-first weeks, the minutes
// format (money: core/shared/money.test.ts); and the avatar's colour and initials (spec §2: colour derived from
// the user's id and name).
import { describe, expect, it } from "vitest";
import { firstDayOfWeek, formatDate, formatDateTime, formatMinutes } from "#platform/i18n/format.ts";
import { avatarColor, initials } from "#app/ui/avatar.tsx";

describe("dates", () => {
  it("are DD.MM.YYYY in Polish, with leading zeros", () => {
    expect(formatDate("2026-03-05T10:00:00.000Z", "pl")).toBe("05.03.2026");
    expect(formatDate("2026-12-31T08:00:00.000Z", "pl")).toBe("31.12.2026");
    expect(formatDate(new Date(Date.UTC(2027, 0, 9)), "pl")).toBe("09.01.2027");
  });

  it("are read in UTC, as stored, so a late-evening time keeps its day", () => {
    expect(formatDate("2026-03-05T23:59:00.000Z", "pl")).toBe("05.03.2026");
    expect(formatDate("2026-03-06T00:00:00.000Z", "pl")).toBe("06.03.2026");
  });

  it("are written out in English", () => {
    expect(formatDate("2026-03-05T10:00:00.000Z", "en")).toBe("5 Mar 2026");
  });

  it("with a time: 24-hour UTC in both languages", () => {
    expect(formatDateTime("2026-03-05T14:07:00.000Z", "pl")).toBe("05.03.2026 14:07 UTC");
    expect(formatDateTime("2026-03-05T14:07:00.000Z", "en")).toBe("5 Mar 2026 14:07 UTC");
  });

  it("in the school's time zone: the day and hour of Warsaw, winter and summer, with the zone's name", () => {
    const zone = "Europe/Warsaw";
    expect(formatDateTime("2026-01-15T17:00:00.000Z", "pl", zone)).toBe("15.01.2026 18:00 CET");
    expect(formatDateTime("2026-07-15T16:00:00.000Z", "en", zone)).toBe("15 Jul 2026 18:00 CEST");
    // 23:30 UTC is already the next day in Warsaw, and the first of the year across New Year's Eve.
    expect(formatDate("2026-03-05T23:30:00.000Z", "pl", zone)).toBe("06.03.2026");
    expect(formatDate("2026-12-31T23:30:00.000Z", "en", zone)).toBe("1 Jan 2027");
    // Across the clocks' changes: the last CET minute, then CEST; the repeated autumn hour in both zones' names.
    expect(formatDateTime("2026-03-29T00:59:00.000Z", "pl", zone)).toBe("29.03.2026 01:59 CET");
    expect(formatDateTime("2026-03-29T01:00:00.000Z", "pl", zone)).toBe("29.03.2026 03:00 CEST");
    expect(formatDateTime("2026-10-25T00:30:00.000Z", "pl", zone)).toBe("25.10.2026 02:30 CEST");
    expect(formatDateTime("2026-10-25T01:30:00.000Z", "pl", zone)).toBe("25.10.2026 02:30 CET");
  });

  it("weeks start on Monday in Polish, Sunday in English", () => {
    expect(firstDayOfWeek("pl")).toBe(1);
    expect(firstDayOfWeek("en")).toBe(0);
  });
});

describe("minutes (§9)", () => {
  it("'Xh Ymin' at 60 minutes or more", () => {
    expect(formatMinutes(60)).toBe("1h 0min");
    expect(formatMinutes(61)).toBe("1h 1min");
    expect(formatMinutes(135)).toBe("2h 15min");
  });

  it("'Ymin' below 60", () => {
    expect(formatMinutes(1)).toBe("1min");
    expect(formatMinutes(59)).toBe("59min");
  });

  it("nothing for zero (or no duration)", () => {
    expect(formatMinutes(0)).toBe("");
    expect(formatMinutes(-5)).toBe("");
  });
});

describe("avatar", () => {
  it("gives the same colour to the same id and name, every time", () => {
    expect(avatarColor(7, "Anna Nowak")).toBe(avatarColor(7, "Anna Nowak"));
    expect(avatarColor(7, "Anna Nowak")).toMatch(/^#[0-9a-f]{6}$/);
  });

  it("spreads different people over several colours", () => {
    const colours = new Set(Array.from({ length: 40 }, (_, i) => avatarColor(i + 1, `Student ${i}`)));
    expect(colours.size).toBeGreaterThan(4);
    // the colour depends on the name too, not only on the id
    const byName = new Set(["Anna", "Bartek", "Celina", "Darek", "Ewa", "Filip"].map((name) => avatarColor(1, name)));
    expect(byName.size).toBeGreaterThan(1);
  });

  it("shows the first letters of the first and last name", () => {
    expect(initials("Olga Owner")).toBe("OO");
    expect(initials("anna maria kowalska")).toBe("AK");
    expect(initials("  Łukasz   Żak ")).toBe("ŁŻ");
  });

  it("shows two letters of a single name, and '?' without a name", () => {
    expect(initials("Madonna")).toBe("MA");
    expect(initials("J")).toBe("J");
    expect(initials("   ")).toBe("?");
  });
});

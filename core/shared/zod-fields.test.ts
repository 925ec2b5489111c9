import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  blankTo,
  blankToNull,
  checkboxField,
  dayField,
  filterField,
  isDateText,
  moment,
  optionalInt,
  optionalMoment,
  textOrNull,
} from "./zod-fields.ts";

const messages = (schema: z.ZodType, value: unknown) =>
  (schema.safeParse(value).error?.issues ?? []).map((issue) => issue.message);

describe("empty form fields", () => {
  it("become null, or the fallback given", () => {
    expect(blankToNull("")).toBeNull();
    expect(blankToNull(undefined)).toBeNull();
    expect(blankToNull(0)).toBe(0);
    expect(blankToNull("x")).toBe("x");
    expect(blankTo(-1)("")).toBe(-1);
    expect(blankTo(-1)(null)).toBe(-1);
    expect(blankTo(-1)(undefined)).toBe(-1);
    expect(blankTo(-1)(0)).toBe(0);
    expect(blankTo("all")(" ")).toBe(" ");
  });

  it("an optional whole number: null when empty, bounded otherwise", () => {
    const days = optionalInt(1, 10);
    expect(days.parse("")).toBeNull();
    expect(days.parse(undefined)).toBeNull();
    expect(days.parse(null)).toBeNull();
    expect(days.parse(3)).toBe(3);
    expect(days.safeParse(0).success).toBe(false);
    expect(days.safeParse(11).success).toBe(false);
    expect(days.safeParse(1.5).success).toBe(false);
    expect(days.safeParse("3").success).toBe(false);
  });

  it("an optional text: trimmed, null when empty, bounded", () => {
    const key = textOrNull(5);
    expect(key.parse("")).toBeNull();
    expect(key.parse(undefined)).toBeNull();
    expect(key.parse(" a/b ")).toBe("a/b");
    expect(key.safeParse("abcdef").success).toBe(false);
  });
});

describe("days and moments", () => {
  it("know a day or a moment with its offset, and refuse one without", () => {
    for (const good of ["2026-05-01", "2026-05-01T10:00Z", "2026-05-01T10:00:00.123+02:00", "2026-05-01T10:00:30Z"])
      expect(isDateText(good), good).toBe(true);
    for (const bad of ["2026-5-1", "2026-05-01T10:00", "2026-13-01", "2026-05-32", "01.05.2026", "tomorrow", ""])
      expect(isDateText(bad), bad).toBe(false);
  });

  it("a bare day is its first or last millisecond in UTC; a moment is written in UTC", () => {
    expect(moment("start").parse("2026-05-01")).toBe("2026-05-01T00:00:00.000Z");
    expect(moment("end").parse(" 2026-05-01 ")).toBe("2026-05-01T23:59:59.999Z");
    expect(moment("start").parse("2026-05-01T10:00:00+02:00")).toBe("2026-05-01T08:00:00.000Z");
    expect(messages(moment("start"), "2026-05-01T10:00")).toEqual(["validation:date"]);
  });

  it("an optional moment is null when empty and keeps the date message", () => {
    expect(optionalMoment("end").parse("")).toBeNull();
    expect(optionalMoment("end").parse(undefined)).toBeNull();
    expect(optionalMoment("end").parse("2026-05-01")).toBe("2026-05-01T23:59:59.999Z");
    expect(messages(optionalMoment("end"), "soon")).toEqual(["validation:date"]);
  });

  it("a filter's day is a bare day that exists", () => {
    expect(dayField.parse("2026-05-01")).toBe("2026-05-01");
    for (const bad of ["2026-05-01T00:00Z", "2026-13-01", "26-05-01", ""])
      expect(dayField.safeParse(bad).success).toBe(false);
  });
});

describe("list filters", () => {
  it("drop an empty or nonsense value instead of refusing the page", () => {
    const status = filterField(z.enum(["NEW", "PAID"]));
    expect(status.parse("PAID")).toBe("PAID");
    expect(status.parse("")).toBeUndefined();
    expect(status.parse("nonsense")).toBeUndefined();
    expect(status.parse(undefined)).toBeUndefined();
    expect(filterField(dayField).parse("2026-02-30x")).toBeUndefined();
  });
});

describe("checkboxes", () => {
  it("read a JSON boolean and a plain form's values", () => {
    for (const ticked of [true, "on", "1", "true"]) expect(checkboxField.parse(ticked), String(ticked)).toBe(true);
    for (const unticked of [false, "0", "false", ""])
      expect(checkboxField.parse(unticked), String(unticked)).toBe(false);
    expect(checkboxField.default(false).parse(undefined)).toBe(false);
  });

  it("refuse anything else", () => {
    for (const bad of ["yes", "off", 1, 0, null]) expect(checkboxField.safeParse(bad).success, String(bad)).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { defaultAccessEnd } from "./grant-access-by-email.ts";

describe("defaultAccessEnd", () => {
  const now = new Date("2026-03-01T12:00:00.000Z");
  it("uses the course's access end date first", () => {
    expect(defaultAccessEnd({ access_days: null, access_ends_at: "2026-12-31T23:59:59.999Z" }, now)).toBe(
      "2026-12-31T23:59:59.999Z",
    );
  });
  it("counts the course's access days from now", () => {
    expect(defaultAccessEnd({ access_days: 30, access_ends_at: null }, now)).toBe("2026-03-31T12:00:00.000Z");
  });
  it("has no end when the course sets no limit", () => {
    expect(defaultAccessEnd({ access_days: null, access_ends_at: null }, now)).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { BATCH_PERIOD_MS, levelAfterTurningOn, mailsOn, periodEnd } from "./rules.ts";

describe("topic mail rules", () => {
  it("turning mail on sets 'posts' unless a level that mails more is set", () => {
    expect(levelAfterTurningOn(null)).toBe("posts");
    expect(levelAfterTurningOn("muted")).toBe("posts");
    expect(levelAfterTurningOn("posts")).toBe("posts");
    expect(levelAfterTurningOn("all")).toBe("all");
    expect(levelAfterTurningOn("digest")).toBe("digest");
  });

  it("a topic mails at every level but muted and none", () => {
    expect([null, "muted", "posts", "all", "digest"].map((l) => mailsOn(l as never))).toEqual([
      false,
      false,
      true,
      true,
      true,
    ]);
  });

  it("a period ends at the next multiple of its length (UTC)", () => {
    const start = Date.parse("2026-11-20T10:15:00.000Z");
    expect(periodEnd(start, BATCH_PERIOD_MS)).toBe(Date.parse("2026-11-20T10:30:00.000Z"));
    expect(periodEnd(start + BATCH_PERIOD_MS - 1, BATCH_PERIOD_MS)).toBe(Date.parse("2026-11-20T10:30:00.000Z"));
  });
});

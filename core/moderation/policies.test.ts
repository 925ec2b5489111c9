// The moderation's pure rules and input schemas.
import { describe, expect, it } from "vitest";
import { parseInput } from "../validation.ts";
import { isAppError } from "../errors.ts";
import type { Actor } from "../shared/actor.ts";
import { canBePaused, canModerate, canReport, isPostingPaused, PAUSED_UNTIL_LIFTED, pauseEnd } from "./policies.ts";
import { itemSchema, pauseSchema, queueFilterSchema, reportSchema } from "./schemas.ts";

const visitor: Actor = { kind: "visitor" };
const student: Actor = { kind: "student", userId: 7 };
const admin: Actor = { kind: "admin", userId: 1 };
const now = "2026-11-27T12:00:00.000Z";

function fieldsOf(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (isAppError(error)) return error.fields;
    throw error;
  }
  throw new Error("no error");
}

describe("moderation policies", () => {
  it("lets signed-in members report what others wrote, and only admins moderate", () => {
    expect(canReport(student, { user_id: 8 })).toBe(true);
    expect(canReport(student, { user_id: 7 })).toBe(false);
    expect(canReport(visitor, { user_id: 8 })).toBe(false);
    expect(canReport(admin, { user_id: 8 })).toBe(true);
    expect(canModerate(admin)).toBe(true);
    expect(canModerate({ kind: "moderator", userId: 5 })).toBe(true);
    expect(canModerate(student)).toBe(false);
    expect(canModerate(visitor)).toBe(false);
  });

  it("pauses for 1, 7 or 30 days or until lifted, never an admin, and a pause ends by the clock", () => {
    expect(pauseEnd(now, "1")).toBe("2026-11-28T12:00:00.000Z");
    expect(pauseEnd(now, "7")).toBe("2026-12-04T12:00:00.000Z");
    expect(pauseEnd(now, "30")).toBe("2026-12-27T12:00:00.000Z");
    expect(pauseEnd(now, "lifted")).toBe(PAUSED_UNTIL_LIFTED);
    const paused = { role: "student", posting_paused_until: "2026-11-28T12:00:00.000Z" };
    expect(isPostingPaused(paused, now)).toBe(true);
    expect(isPostingPaused(paused, "2026-11-28T12:00:00.000Z")).toBe(false);
    expect(isPostingPaused({ role: "student", posting_paused_until: null }, now)).toBe(false);
    expect(isPostingPaused({ role: "admin", posting_paused_until: PAUSED_UNTIL_LIFTED }, now)).toBe(false);
    expect(
      isPostingPaused({ role: "student", posting_paused_until: PAUSED_UNTIL_LIFTED }, "2100-01-01T00:00:00Z"),
    ).toBe(true);
    expect(canBePaused({ role: "admin" })).toBe(false);
    expect(canBePaused({ role: "moderator" })).toBe(false);
    expect(canBePaused({ role: "student" })).toBe(true);
  });
});

describe("moderation schemas", () => {
  it("reads a report: a known type and reason, an id, optional text of at most 500 characters", () => {
    expect(parseInput(reportSchema, { type: "comment", id: 3, reason: "off-topic" })).toEqual({
      type: "comment",
      id: 3,
      reason: "off-topic",
      text: "",
    });
    expect(parseInput(reportSchema, { type: "post", id: "4", reason: "spam", text: "  buy now  " }).text).toBe(
      "buy now",
    );
    // 500 emoji are 500 characters.
    expect(
      parseInput(reportSchema, { type: "reply", id: 1, reason: "other", text: "😀".repeat(500) }).text,
    ).toHaveLength(1000);
    expect(
      fieldsOf(() => parseInput(reportSchema, { type: "reply", id: 1, reason: "other", text: "a".repeat(501) })),
    ).toEqual({ text: [{ key: "validation:string_max", values: { max: 500 } }] });
    const bad = fieldsOf(() => parseInput(reportSchema, { type: "lecture", id: 0, reason: "rude" }));
    expect(Object.keys(bad ?? {}).sort()).toEqual(["id", "reason", "type"]);
  });

  it("reads an item, a pause and the queue's address", () => {
    expect(parseInput(itemSchema, { type: "reply", id: "9" })).toEqual({ type: "reply", id: 9 });
    expect(parseInput(pauseSchema, { user_id: "5", duration: 7 })).toEqual({ user_id: 5, duration: "7" });
    expect(parseInput(pauseSchema, { user_id: 5, duration: "lifted" }).duration).toBe("lifted");
    expect(fieldsOf(() => parseInput(pauseSchema, { user_id: 5, duration: "2" }))).toHaveProperty("duration");
    expect(queueFilterSchema.parse({ tab: "resolved", page: "3" })).toEqual({ tab: "resolved", page: 3 });
    expect(queueFilterSchema.parse({ tab: "nonsense", page: "-1" })).toEqual({ tab: "open", page: 1 });
  });
});

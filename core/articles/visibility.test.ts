import { describe, expect, it } from "vitest";
import { articleState, bodyBarrier, isArticleLive } from "./visibility.ts";

const now = "2026-05-10T12:00:00.000Z";

describe("articleState and isArticleLive", () => {
  it("shows a published article from its publication date on, to the millisecond", () => {
    expect(articleState({ status: "published", published_at: "2026-05-10T12:00:00.000Z" }, now)).toBe("published");
    expect(articleState({ status: "published", published_at: "2026-05-10T12:00:00.001Z" }, now)).toBe("scheduled");
    expect(isArticleLive({ status: "published", published_at: "2026-05-10T12:00:00.001Z" }, now)).toBe(false);
    expect(isArticleLive({ status: "published", published_at: "2026-05-10T11:59:59.999Z" }, now)).toBe(true);
  });

  it("the same scheduled article goes live when the clock passes its date", () => {
    const article = { status: "published" as const, published_at: "2026-05-11T08:00:00.000Z" };
    expect(isArticleLive(article, now)).toBe(false);
    expect(isArticleLive(article, "2026-05-11T08:00:00.000Z")).toBe(true);
  });

  it("never shows a draft, with a date in the past or none", () => {
    expect(articleState({ status: "draft", published_at: "2020-01-01T00:00:00.000Z" }, now)).toBe("draft");
    expect(articleState({ status: "draft", published_at: null }, now)).toBe("draft");
    expect(isArticleLive({ status: "draft", published_at: "2020-01-01T00:00:00.000Z" }, now)).toBe(false);
    // published without a date cannot be stored (the use-cases give it one); treated as not shown
    expect(isArticleLive({ status: "published", published_at: null }, now)).toBe(false);
  });
});

describe("bodyBarrier", () => {
  const visitor = { signedIn: false, admin: false, member: false };
  const student = { signedIn: true, admin: false, member: false };
  const member = { signedIn: true, admin: false, member: true };
  const admin = { signedIn: true, admin: true, member: false };

  it("lets everyone read a public article", () => {
    for (const reader of [visitor, student, member, admin]) expect(bodyBarrier("public", reader)).toBe("none");
  });

  it("asks a visitor to log in for a students' article, and lets anyone logged in read it", () => {
    expect(bodyBarrier("students", visitor)).toBe("login");
    expect(bodyBarrier("students", student)).toBe("none");
    expect(bodyBarrier("students", member)).toBe("none");
  });

  it("keeps a members' article for live members and admins", () => {
    expect(bodyBarrier("members", visitor)).toBe("membership");
    expect(bodyBarrier("members", student)).toBe("membership");
    expect(bodyBarrier("members", member)).toBe("none");
    expect(bodyBarrier("members", admin)).toBe("none");
    // "member" counts only when signed in
    expect(bodyBarrier("members", { signedIn: false, admin: false, member: true })).toBe("membership");
  });
});

import { describe, expect, it } from "vitest";
import { embedUrl, isQuizAnswerCorrect } from "#core/catalog/component-data.ts";
import {
  chooseResumeLecture,
  courseVisible,
  lastViewedLecture,
  lectureVisible,
  neighbours,
  progressPercent,
  resolveWatchViewer,
  type WatchViewer,
  watchEntry,
  watchGate,
} from "./watch-rules.ts";

const visitor = resolveWatchViewer(null, { hasAccess: false, previewAsStudent: false });
const student = resolveWatchViewer({ role: "student" }, { hasAccess: false, previewAsStudent: false });
const buyer = resolveWatchViewer({ role: "student" }, { hasAccess: true, previewAsStudent: false });
const admin = resolveWatchViewer({ role: "admin" }, { hasAccess: true, previewAsStudent: false });
const preview = resolveWatchViewer({ role: "admin" }, { hasAccess: true, previewAsStudent: true });

describe("who is watching", () => {
  it("treats an admin previewing as a student as a logged-in student without access", () => {
    expect(preview).toEqual({ loggedIn: true, isAdmin: false, hasAccess: false, preview: true });
    expect(admin).toEqual({ loggedIn: true, isAdmin: true, hasAccess: true, preview: false });
  });

  it("ignores ?preview=student for anyone but an admin", () => {
    expect(resolveWatchViewer({ role: "student" }, { hasAccess: true, previewAsStudent: true })).toEqual(buyer);
    expect(resolveWatchViewer(null, { hasAccess: false, previewAsStudent: true })).toEqual(visitor);
  });
});

describe("the lecture gate (§6)", () => {
  const cases: [string, WatchViewer, Record<"free" | "login" | "paid", string>][] = [
    ["a visitor", visitor, { free: "allowed", login: "login", paid: "buy" }],
    ["a student without access", student, { free: "allowed", login: "allowed", paid: "buy" }],
    ["a student with access", buyer, { free: "allowed", login: "allowed", paid: "allowed" }],
    ["an admin", admin, { free: "allowed", login: "allowed", paid: "allowed" }],
    ["an admin previewing as a student", preview, { free: "allowed", login: "allowed", paid: "buy" }],
  ];
  for (const [who, viewer, expected] of cases) {
    it(`${who}: free ${expected.free}, login ${expected.login}, paid ${expected.paid}`, () => {
      expect(watchGate("free", viewer)).toBe(expected.free);
      expect(watchGate("login", viewer)).toBe(expected.login);
      expect(watchGate("paid", viewer)).toBe(expected.paid);
    });
  }
});

describe("what is visible", () => {
  it("shows a published course to everyone, an unpublished one only with access, a draft only to admins", () => {
    for (const viewer of [visitor, student, buyer, admin, preview])
      expect(courseVisible("published", viewer)).toBe(true);
    expect(courseVisible("unpublished", visitor)).toBe(false);
    expect(courseVisible("unpublished", student)).toBe(false);
    expect(courseVisible("unpublished", buyer)).toBe(true);
    expect(courseVisible("draft", buyer)).toBe(false);
    expect(courseVisible("draft", admin)).toBe(true);
    // the author previews a course before publishing it
    expect(courseVisible("draft", preview)).toBe(true);
  });

  it("shows draft lectures to an admin, also in a preview, never to students", () => {
    expect(lectureVisible("draft", admin)).toBe(true);
    expect(lectureVisible("draft", preview)).toBe(true);
    expect(lectureVisible("draft", student)).toBe(false);
    expect(lectureVisible("draft", buyer)).toBe(false);
    expect(lectureVisible("published", visitor)).toBe(true);
  });
});

describe("progress", () => {
  it("is the whole percent of lectures completed, rounded down, 100 only when all are done", () => {
    expect(progressPercent(0, 0)).toBe(0);
    expect(progressPercent(0, 3)).toBe(0);
    expect(progressPercent(1, 3)).toBe(33);
    expect(progressPercent(2, 3)).toBe(66);
    expect(progressPercent(199, 200)).toBe(99);
    expect(progressPercent(3, 3)).toBe(100);
  });
});

describe("previous and next", () => {
  const ordered = [{ id: 4 }, { id: 9 }, { id: 2 }];
  it("follows the curriculum order, across sections", () => {
    expect(neighbours(ordered, 9)).toEqual({ previous: { id: 4 }, next: { id: 2 } });
  });
  it("has no previous at the start and no next at the end", () => {
    expect(neighbours(ordered, 4)).toEqual({ previous: null, next: { id: 9 } });
    expect(neighbours(ordered, 2)).toEqual({ previous: { id: 9 }, next: null });
    expect(neighbours(ordered, 77)).toEqual({ previous: null, next: null });
  });
});

describe("resuming", () => {
  const ordered = [
    { id: 1, gate: "allowed" as const },
    { id: 2, gate: "login" as const },
    { id: 3, gate: "allowed" as const },
    { id: 4, gate: "buy" as const },
  ];

  it("resumes at the last lecture viewed", () => {
    expect(chooseResumeLecture(ordered, 3)).toBe(3);
  });

  it("starts at the first lecture the viewer may open when they viewed none, or may no longer open it", () => {
    expect(chooseResumeLecture(ordered, null)).toBe(1);
    expect(chooseResumeLecture(ordered, 4)).toBe(1);
    expect(chooseResumeLecture(ordered, 99)).toBe(1);
    expect(chooseResumeLecture([{ id: 5, gate: "buy" }], null)).toBeNull();
  });

  it("takes the most recently viewed lecture", () => {
    const at: Record<number, string> = {
      1: "2026-01-02T10:00:00.000Z",
      3: "2026-01-03T09:00:00.000Z",
      4: "2026-01-01T00:00:00.000Z",
    };
    expect(lastViewedLecture(ordered, (id) => at[id])).toBe(3);
    expect(lastViewedLecture(ordered, () => null)).toBeNull();
  });

  it("/watch leads to the resume lecture, or to log in when that would open one, or to the checkout", () => {
    expect(watchEntry(ordered, 3)).toEqual({ kind: "lecture", lectureId: 3 });
    expect(
      watchEntry(
        [
          { id: 1, gate: "buy" },
          { id: 2, gate: "login" },
        ],
        null,
      ),
    ).toEqual({ kind: "login" });
    expect(watchEntry([{ id: 1, gate: "buy" }], null)).toEqual({ kind: "buy" });
    expect(watchEntry([], null)).toEqual({ kind: "empty" });
  });
});

describe("the quiz and embed rules the renderers rely on", () => {
  it("a quiz answer is right only when the chosen set equals the correct set exactly (§5)", () => {
    expect(isQuizAnswerCorrect([0, 2], [2, 0])).toBe(true);
    expect(isQuizAnswerCorrect([0], [0, 2])).toBe(false);
    expect(isQuizAnswerCorrect([0, 1, 2], [0, 2])).toBe(false);
    expect(isQuizAnswerCorrect([], [0])).toBe(false);
  });

  it("embeds only known players", () => {
    expect(embedUrl("https://www.youtube.com/watch?v=dQw4w9WgXcQ")).toBe(
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
    );
    expect(embedUrl("https://evil.example/watch?v=dQw4w9WgXcQ")).toBeNull();
  });
});

describe("a course whose open lectures are all still dripping", () => {
  it("leads to the first locked lecture (its page says when it opens), not to the checkout", () => {
    expect(
      watchEntry(
        [
          { id: 1, gate: "locked" },
          { id: 2, gate: "locked" },
        ],
        null,
      ),
    ).toEqual({ kind: "lecture", lectureId: 1 });
    expect(
      watchEntry(
        [
          { id: 1, gate: "locked" },
          { id: 2, gate: "allowed" },
        ],
        null,
      ),
    ).toEqual({
      kind: "lecture",
      lectureId: 2,
    });
  });
});

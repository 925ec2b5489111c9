// The exams' pure rules: the seeded pool draw, scoring (choices automatic, multiple choice all-or-nothing, open
// answers to grading), the pass mark, the deadline and attempt rules with a fake clock, and when the correct
// answers show.
import { describe, expect, it } from "vitest";
import { checkExamAnswers } from "./answers.ts";
import { attemptsLeft, deadlineOf, isPastDeadline, mayShowAnswers } from "./policies.ts";
import { drawQuestions, newSeed } from "./pool.ts";
import { examSchema, type ExamQuestion } from "./schemas.ts";
import { hasPassed, maxScore, scoreAnswer, scoreAttempt } from "./scoring.ts";

const single: ExamQuestion = {
  type: "single",
  title: "Which aperture lets in more light?",
  placeholder: "",
  points: 2,
  options: [
    { value: "f2", label: "f/2", correct: true },
    { value: "f16", label: "f/16", correct: false },
  ],
};
const multiple: ExamQuestion = {
  type: "multiple",
  title: "Which are warm colours?",
  placeholder: "",
  points: 3,
  options: [
    { value: "red", label: "Red", correct: true },
    { value: "orange", label: "Orange", correct: true },
    { value: "blue", label: "Blue", correct: false },
  ],
};
const open: ExamQuestion = { type: "textarea", title: "Describe golden hour", placeholder: "", points: 5, options: [] };

describe("drawing the pool", () => {
  const pool = ["a", "b", "c", "d", "e", "f"];
  it("draws N of M, the same for the same seed (a refresh shows the same questions)", () => {
    const first = drawQuestions(pool, 4, 12345);
    expect(first).toHaveLength(4);
    expect(new Set(first).size).toBe(4);
    expect(drawQuestions(pool, 4, 12345)).toEqual(first);
  });
  it("shuffles differently for other seeds, and draws the whole pool without a count", () => {
    const orders = new Set([1, 2, 3, 4, 5, 6, 7, 8].map((seed) => drawQuestions(pool, null, seed).join("")));
    expect(orders.size).toBeGreaterThan(4);
    expect([...drawQuestions(pool, null, 9)].sort()).toEqual(pool);
    expect(drawQuestions(pool, 10, 9)).toHaveLength(6);
  });
  it("makes positive int4 seeds", () => {
    expect(newSeed(() => 0)).toBe(1);
    expect(newSeed(() => 0.9999999999)).toBeLessThanOrEqual(2_147_483_647);
  });
});

describe("scoring", () => {
  it("gives a single choice its points only for the correct option", () => {
    expect(scoreAnswer(single, "f2")).toBe(2);
    expect(scoreAnswer(single, "f16")).toBe(0);
    expect(scoreAnswer(single, undefined)).toBe(0);
  });
  it("scores multiple choice all-or-nothing", () => {
    expect(scoreAnswer(multiple, ["orange", "red"])).toBe(3);
    expect(scoreAnswer(multiple, ["red"])).toBe(0);
    expect(scoreAnswer(multiple, ["red", "orange", "blue"])).toBe(0);
  });
  it("sends a written answer to grading, an empty one scores 0", () => {
    expect(scoreAnswer(open, "The hour after sunrise")).toBeNull();
    expect(scoreAnswer(open, "  ")).toBe(0);
    const scored = scoreAttempt([single, open], {
      "which-aperture-lets-in-more-light": "f2",
      "describe-golden-hour": "x",
    });
    expect(scored).toEqual({
      points: { "which-aperture-lets-in-more-light": 2, "describe-golden-hour": null },
      score: null,
    });
    expect(scoreAttempt([single, multiple], { "which-are-warm-colours": ["red", "orange"] }).score).toBe(3);
    expect(maxScore([single, multiple, open])).toBe(10);
  });
  it("passes at the pass mark's percent of the points", () => {
    expect(hasPassed(3, 5, 60)).toBe(true);
    expect(hasPassed(2, 5, 60)).toBe(false);
    expect(hasPassed(5, 7, 60)).toBe(true);
    expect(hasPassed(4, 7, 60)).toBe(false);
    expect(hasPassed(0, 4, 0)).toBe(true);
  });
});

describe("time and attempts", () => {
  it("sets the deadline from the server's start and the time limit, none without a limit", () => {
    expect(deadlineOf("2026-11-27T12:00:00.000Z", 10)).toBe("2026-11-27T12:10:00.000Z");
    expect(deadlineOf("2026-11-27T12:00:00.000Z", null)).toBeNull();
  });
  it("is past the deadline from the deadline's instant on", () => {
    const deadline = "2026-11-27T12:10:00.000Z";
    expect(isPastDeadline(deadline, "2026-11-27T12:09:59.999Z")).toBe(false);
    expect(isPastDeadline(deadline, "2026-11-27T12:10:00.000Z")).toBe(true);
    expect(isPastDeadline(null, "2099-01-01T00:00:00.000Z")).toBe(false);
  });
  it("counts attempts left, unlimited as null", () => {
    expect(attemptsLeft(2, 1)).toBe(1);
    expect(attemptsLeft(2, 3)).toBe(0);
    expect(attemptsLeft(null, 40)).toBeNull();
  });
  it("shows the correct answers by the exam's rule", () => {
    expect(mayShowAnswers("never", { attemptsLeft: 0, passed: true })).toBe(false);
    expect(mayShowAnswers("after_last_attempt", { attemptsLeft: 1, passed: true })).toBe(false);
    expect(mayShowAnswers("after_last_attempt", { attemptsLeft: 0, passed: false })).toBe(true);
    expect(mayShowAnswers("after_passing", { attemptsLeft: 1, passed: true })).toBe(true);
    expect(mayShowAnswers("after_passing", { attemptsLeft: 1, passed: false })).toBe(false);
    expect(mayShowAnswers("after_passing", { attemptsLeft: 0, passed: false })).toBe(true);
  });
});

describe("the exam's rules", () => {
  const base = { title: "Final", questions: [single, multiple, open], pass_percent: 60 };
  it("needs exactly one correct option on single choice and one or more on multiple", () => {
    const wrong = { ...single, options: single.options.map((o) => ({ ...o, correct: true })) };
    expect(examSchema.safeParse({ ...base, questions: [wrong] }).success).toBe(false);
    const none = { ...multiple, options: multiple.options.map((o) => ({ ...o, correct: false })) };
    expect(examSchema.safeParse({ ...base, questions: [none] }).success).toBe(false);
    expect(examSchema.safeParse(base).success).toBe(true);
  });
  it("draws no more than the pool holds, and belongs to a course or a product, not both", () => {
    expect(examSchema.safeParse({ ...base, draw_count: 4 }).success).toBe(false);
    expect(examSchema.safeParse({ ...base, draw_count: "3" }).success).toBe(true);
    expect(examSchema.safeParse({ ...base, course_id: 1, product_id: 2 }).success).toBe(false);
  });
  it("checks answers against the drawn questions", () => {
    expect(checkExamAnswers([single, multiple], { "which-are-warm-colours": { red: "Red" } })).toEqual({
      "which-are-warm-colours": ["red"],
    });
    expect(() => checkExamAnswers([single], { "which-aperture-lets-in-more-light": "f8" })).toThrow();
    expect(() => checkExamAnswers([single], { "not-drawn": "x" })).toThrow();
  });
});

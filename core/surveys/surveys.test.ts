// The surveys' pure rules: §4's due rule with a moved clock (24 h postponement), §5's invalid-field rule, the
// question definitions, and answers checked against the questions.
import { describe, expect, it } from "vitest";
import { isAppError } from "../errors.ts";
import { checkAnswers } from "./answers.ts";
import { isSurveyDue } from "./policies.ts";
import { isQuestionInvalid } from "./question-errors.ts";
import { questionKey } from "./question-key.ts";
import { questionsSchema, resultsFilterSchema, surveySchema } from "./schemas.ts";

const questions = questionsSchema.parse([
  { type: "separator", title: "**About you**" },
  { type: "text", title: "Your e-mail?", inputType: "email" },
  { type: "textarea", title: "What would you change?", required: true },
  {
    type: "select",
    title: "How did you find us?",
    options: [
      { value: "web", label: "Web" },
      { value: "friend", label: "A friend" },
    ],
  },
  {
    type: "checkbox",
    title: "Topics",
    required: true,
    options: [
      { value: "light", label: "Light" },
      { value: "colour", label: "Colour" },
    ],
  },
]);

function fieldsOf(run: () => unknown): Record<string, unknown> {
  try {
    run();
  } catch (error) {
    if (isAppError(error)) return error.fields ?? {};
    throw error;
  }
  throw new Error("expected a validation error");
}

describe("isSurveyDue (spec §4, §9)", () => {
  const now = "2026-11-27T12:00:00.000Z";
  it("shows a survey never answered nor postponed", () => {
    expect(isSurveyDue({ responded_at: null, postponed_at: null }, now)).toBe(true);
  });
  it("never shows an answered survey", () => {
    expect(isSurveyDue({ responded_at: "2026-01-01T00:00:00.000Z", postponed_at: null }, now)).toBe(false);
  });
  it("hides a survey postponed within the last 24 h, and shows it again once 24 h have passed", () => {
    const postponed_at = "2026-11-26T12:00:00.001Z";
    expect(isSurveyDue({ responded_at: null, postponed_at }, now)).toBe(false);
    expect(isSurveyDue({ responded_at: null, postponed_at }, "2026-11-27T12:00:00.001Z")).toBe(true);
  });
});

describe("isQuestionInvalid (spec §5)", () => {
  const required = { title: "What would you change?", required: true };
  const optional = { title: "Your e-mail?", required: false };
  it("marks a required question on a general response error, not an optional one", () => {
    const errors = { response: [{ key: "validation:required" }] };
    expect(isQuestionInvalid(required, errors)).toBe(true);
    expect(isQuestionInvalid(optional, errors)).toBe(false);
  });
  it("marks a question by its kebab-cased title, with or without the response. prefix", () => {
    expect(isQuestionInvalid(optional, { "your-e-mail": [{ key: "validation:email" }] })).toBe(true);
    expect(isQuestionInvalid(optional, { "response.your-e-mail": [{ key: "validation:email" }] })).toBe(true);
    expect(isQuestionInvalid(optional, { "response.other": [{ key: "validation:email" }] })).toBe(false);
    expect(isQuestionInvalid(optional, undefined)).toBe(false);
  });
});

describe("questionKey", () => {
  it("kebab-cases titles of any alphabet", () => {
    expect(questionKey("How did you find us?")).toBe("how-did-you-find-us");
    expect(questionKey("  Co byś zmienił?  ")).toBe("co-byś-zmienił");
  });
});

describe("question definitions", () => {
  it("needs options on choices, unique keys, and one answerable question", () => {
    expect(questionsSchema.safeParse([{ type: "select", title: "Pick" }]).success).toBe(false);
    expect(
      questionsSchema.safeParse([
        { type: "text", title: "A b" },
        { type: "text", title: "a-B" },
      ]).success,
    ).toBe(false);
    expect(questionsSchema.safeParse([{ type: "separator", title: "Only words" }]).success).toBe(false);
    expect(questionsSchema.safeParse([{ type: "radio", title: "Pick" }]).success).toBe(false);
  });
  it("needs a course for course placements and a lecture after a lecture", () => {
    const base = { title: "S", questions: [{ type: "text", title: "Q" }] };
    expect(surveySchema.safeParse({ ...base, placement: "course_lecture", course_id: 1 }).success).toBe(false);
    expect(surveySchema.safeParse({ ...base, placement: "course_completion" }).success).toBe(false);
    const student = surveySchema.parse({ ...base, placement: "student_area", course_id: 3 });
    expect(student.course_id).toBeNull();
  });
});

describe("checkAnswers", () => {
  const good = { "what-would-you-change": "More", topics: { light: "Light" }, "how-did-you-find-us": "web" };
  it("stores texts, the chosen value and the chosen checkbox values", () => {
    expect(checkAnswers(questions, good)).toEqual({
      "your-e-mail": "",
      "what-would-you-change": "More",
      "how-did-you-find-us": "web",
      topics: ["light"],
    });
    expect(checkAnswers(questions, { ...good, topics: ["light", "colour"] }).topics).toEqual(["light", "colour"]);
  });
  it("keys failures by response.<kebab-cased title>", () => {
    expect(fieldsOf(() => checkAnswers(questions, {}))).toEqual({
      "response.what-would-you-change": [{ key: "validation:required" }],
      "response.topics": [{ key: "validation:required" }],
    });
    const wrong = { ...good, "how-did-you-find-us": "tv", topics: { radio: "Radio" }, "your-e-mail": "nope" };
    expect(Object.keys(fieldsOf(() => checkAnswers(questions, wrong))).sort()).toEqual([
      "response.how-did-you-find-us",
      "response.topics",
      "response.your-e-mail",
    ]);
  });
  it("answers a general response error when the response is not a map", () => {
    expect(fieldsOf(() => checkAnswers(questions, "text"))).toHaveProperty("response");
  });
});

describe("the results' filter", () => {
  const issues = (input: unknown) => {
    const parsed = resultsFilterSchema.safeParse(input);
    return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join(".")}:${issue.message}`);
  };

  it("reads empty fields as no filter, and a course and days as given", () => {
    expect(resultsFilterSchema.parse({ course_id: "", from: "", to: undefined })).toEqual({
      course_id: null,
      from: null,
      to: null,
    });
    expect(resultsFilterSchema.parse({ course_id: "7", from: "2026-01-01", to: "2026-01-01" })).toEqual({
      course_id: 7,
      from: "2026-01-01",
      to: "2026-01-01",
    });
  });

  it("refuses a day that does not exist, a moment instead of a day, and a range backwards", () => {
    expect(issues({ from: "2026-13-01" })).toEqual(["from:validation:date"]);
    expect(issues({ to: "2026-01-01T10:00:00Z" })).toEqual(["to:validation:date"]);
    expect(issues({ from: "2026-02-01", to: "2026-01-31" })).toEqual(["to:surveys:date_order"]);
  });
});

describe("a survey sold as a product", () => {
  const base = { title: "Sold", questions: [{ type: "text", title: "Why?" }] };
  it("names its product, which only the product placement keeps", () => {
    expect(surveySchema.safeParse({ ...base, placement: "product" }).success).toBe(false);
    expect(surveySchema.parse({ ...base, placement: "product", product_id: 3 }).product_id).toBe(3);
    expect(surveySchema.parse({ ...base, placement: "student_area", product_id: 3 }).product_id).toBeNull();
  });
});

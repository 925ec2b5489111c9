// The surveys' input rules, shared by the admin's builder, the survey modal and the server. Pure.
// A survey's questions are the dynamic question form's JSON (spec §3): type text, textarea, select, checkbox or
// separator, with title, placeholder, required, inputType and options (value, label). A question's answer is keyed
// by its kebab-cased title (spec §5), so two answerable questions may not share one.
import { z } from "zod";
import { formIdSchema } from "#core/shared/ids.ts";
import { blankToNull, isDateText } from "#core/shared/zod-fields.ts";
import type { SurveyPlacement } from "#platform/db/schema.ts";
import { questionKey } from "./question-key.ts";

export const questionTypes = ["text", "textarea", "select", "checkbox", "separator"] as const;
export type QuestionType = (typeof questionTypes)[number];
export const inputTypes = ["text", "email", "number", "tel", "url", "date"] as const;
export const surveyPlacements = [
  "none",
  "student_area",
  "course_lecture",
  "course_completion",
  "product",
] as const satisfies readonly SurveyPlacement[];

export const SURVEY_TITLE_MAX = 200;
export const SURVEY_DESCRIPTION_MAX = 10_000;
export const QUESTIONS_MAX = 50;
export const OPTIONS_MAX = 30;
export const QUESTION_TITLE_MAX = 300;
export const ANSWER_TEXT_MAX = 5_000;

const optionSchema = z.object({
  value: z.string().trim().min(1).max(100),
  label: z.string().trim().min(1).max(200),
});
export type QuestionOption = z.infer<typeof optionSchema>;

export const questionSchema = z
  .object({
    type: z.enum(questionTypes, { error: "validation:in" }),
    title: z.string().trim().min(1).max(QUESTION_TITLE_MAX),
    placeholder: z.string().trim().max(200).optional().default(""),
    required: z.boolean().optional().default(false),
    inputType: z.enum(inputTypes, { error: "validation:in" }).optional().default("text"),
    options: z.array(optionSchema).max(OPTIONS_MAX).optional().default([]),
  })
  .superRefine((question, ctx) => {
    const choice = question.type === "select" || question.type === "checkbox";
    if (choice && question.options.length === 0) {
      ctx.addIssue({ code: "custom", path: ["options"], message: "surveys:options_required" });
    }
    const values = question.options.map((option) => option.value);
    if (new Set(values).size !== values.length) {
      ctx.addIssue({ code: "custom", path: ["options"], message: "surveys:options_unique" });
    }
    if (question.type !== "separator" && questionKey(question.title) === "") {
      ctx.addIssue({ code: "custom", path: ["title"], message: "surveys:title_needs_words" });
    }
  })
  // Options only mean something on choices; a separator is never required.
  .transform((question) => ({
    ...question,
    options: question.type === "select" || question.type === "checkbox" ? question.options : [],
    required: question.type === "separator" ? false : question.required,
  }));
export type SurveyQuestion = z.output<typeof questionSchema>;

/** The question list: at least one answerable question, their keys (kebab-cased titles) unique. */
export const questionsSchema = z
  .preprocess((value) => {
    if (typeof value !== "string") return value;
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }, z.array(questionSchema).max(QUESTIONS_MAX))
  .superRefine((questions, ctx) => {
    const answerable = questions.filter((question) => question.type !== "separator");
    if (answerable.length === 0) ctx.addIssue({ code: "custom", message: "surveys:questions_required" });
    const seen = new Set<string>();
    questions.forEach((question, index) => {
      if (question.type === "separator") return;
      const key = questionKey(question.title);
      if (seen.has(key)) ctx.addIssue({ code: "custom", path: [index, "title"], message: "surveys:title_unique" });
      seen.add(key);
    });
  });

/** The admin's survey: title, markdown description, questions, and where it is attached (or the product selling it). */
export const surveySchema = z
  .object({
    title: z.string().trim().min(1).max(SURVEY_TITLE_MAX),
    description: z.string().trim().max(SURVEY_DESCRIPTION_MAX).optional().default(""),
    questions: questionsSchema,
    placement: z.enum(surveyPlacements, { error: "validation:in" }).optional().default("none"),
    course_id: z.preprocess((v) => (v === "" ? null : v), formIdSchema.nullable().optional().default(null)),
    lecture_id: z.preprocess((v) => (v === "" ? null : v), formIdSchema.nullable().optional().default(null)),
    product_id: z.preprocess((v) => (v === "" ? null : v), formIdSchema.nullable().optional().default(null)),
  })
  .superRefine((survey, ctx) => {
    const onCourse = survey.placement === "course_lecture" || survey.placement === "course_completion";
    if (onCourse && survey.course_id === null) {
      ctx.addIssue({ code: "custom", path: ["course_id"], message: "validation:required" });
    }
    if (survey.placement === "course_lecture" && survey.lecture_id === null) {
      ctx.addIssue({ code: "custom", path: ["lecture_id"], message: "validation:required" });
    }
    if (survey.placement === "product" && survey.product_id === null) {
      ctx.addIssue({ code: "custom", path: ["product_id"], message: "validation:required" });
    }
  })
  .transform((survey) => ({
    ...survey,
    course_id:
      survey.placement === "course_lecture" || survey.placement === "course_completion" ? survey.course_id : null,
    lecture_id: survey.placement === "course_lecture" ? survey.lecture_id : null,
    product_id: survey.placement === "product" ? survey.product_id : null,
  }));
export type SurveyInput = z.output<typeof surveySchema>;

/** POST /survey/due {course_id?}: the student area without a course, the course's watch page with one. */
export const dueQuerySchema = z.object({
  course_id: z.preprocess((v) => (v === "" || v === undefined ? null : v), formIdSchema.nullable()),
});

/** POST /survey/submit {survey_id, response}: the answers' shape; their rules against the questions: answers.ts. */
export const submitSchema = z.object({
  survey_id: formIdSchema,
  response: z.record(z.string(), z.unknown(), { error: "validation:required" }),
});

// A day the results filter reads ("2026-05-01"), or nothing; anything else is refused with the date message.
const filterDay = z.preprocess(
  blankToNull,
  z
    .string()
    .trim()
    .refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && isDateText(value), "validation:date")
    .nullable(),
);

/**
 * The results' and the export's filters (?course_id=&from=&to=): the course the answer came from, and the days
 * (UTC, as the transactions' filters) it was answered between, both included. Validated, not ignored: a wrong
 * date or a range backwards says so under its field.
 */
export const resultsFilterSchema = z
  .object({
    course_id: z.preprocess(blankToNull, formIdSchema.nullable()),
    from: filterDay,
    to: filterDay,
  })
  .superRefine((filter, ctx) => {
    if (filter.from && filter.to && filter.from > filter.to) {
      ctx.addIssue({ code: "custom", path: ["to"], message: "surveys:date_order" });
    }
  });
export type ResultsFilter = z.output<typeof resultsFilterSchema>;
export const noResultsFilter: ResultsFilter = { course_id: null, from: null, to: null };

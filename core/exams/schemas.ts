// The exams' input rules, shared by the admin's builder, the exam page and the server. Pure.
// A question is one of the dynamic question form's kinds (spec §3: text, textarea: open answers graded by hand)
// or a choice with correct options: single (rendered as the form's select) or multiple (its checkbox). Each has
// points. As in surveys, an answer is keyed by the question's kebab-cased title (spec §5), so the titles of a pool
// must differ once kebab-cased.
import { z } from "zod";
import { formIdSchema } from "#core/shared/ids.ts";
import { questionKey } from "#core/surveys/question-key.ts";
import type { ExamShowAnswers } from "#platform/db/schema.ts";

export const examQuestionTypes = ["text", "textarea", "single", "multiple"] as const;
export type ExamQuestionType = (typeof examQuestionTypes)[number];
export const showAnswersChoices = [
  "never",
  "after_last_attempt",
  "after_passing",
] as const satisfies readonly ExamShowAnswers[];

export const EXAM_TITLE_MAX = 200;
export const EXAM_DESCRIPTION_MAX = 10_000;
export const POOL_MAX = 100;
export const EXAM_OPTIONS_MAX = 20;
export const QUESTION_POINTS_MAX = 100;
export const EXAM_ANSWER_MAX = 5_000;
export const TIME_LIMIT_MAX = 24 * 60;
export const ATTEMPTS_MAX = 100;

const optionSchema = z.object({
  value: z.string().trim().min(1).max(100),
  label: z.string().trim().min(1).max(200),
  correct: z.boolean().optional().default(false),
});

const wholeNumber = (min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z.number().int().min(min).max(max),
  );
const optionalWholeNumber = (min: number, max: number) =>
  z.preprocess((v) => (v === "" || v === undefined ? null : v), wholeNumber(min, max).nullable()).default(null);

export const examQuestionSchema = z
  .object({
    type: z.enum(examQuestionTypes, { error: "validation:in" }),
    title: z.string().trim().min(1).max(300),
    placeholder: z.string().trim().max(200).optional().default(""),
    points: wholeNumber(1, QUESTION_POINTS_MAX).optional().default(1),
    options: z.array(optionSchema).max(EXAM_OPTIONS_MAX).optional().default([]),
  })
  .superRefine((question, ctx) => {
    if (questionKey(question.title) === "") {
      ctx.addIssue({ code: "custom", path: ["title"], message: "surveys:title_needs_words" });
    }
    if (question.type !== "single" && question.type !== "multiple") return;
    if (question.options.length < 2) {
      ctx.addIssue({ code: "custom", path: ["options"], message: "exams:options_required" });
    }
    const values = question.options.map((option) => option.value);
    if (new Set(values).size !== values.length) {
      ctx.addIssue({ code: "custom", path: ["options"], message: "surveys:options_unique" });
    }
    const correct = question.options.filter((option) => option.correct).length;
    if (question.type === "single" ? correct !== 1 : correct < 1) {
      ctx.addIssue({ code: "custom", path: ["options"], message: `exams:correct_${question.type}` });
    }
  })
  .transform((question) => ({
    ...question,
    options: question.type === "single" || question.type === "multiple" ? question.options : [],
  }));
export type ExamQuestion = z.output<typeof examQuestionSchema>;

export function isChoice(question: Pick<ExamQuestion, "type">): boolean {
  return question.type === "single" || question.type === "multiple";
}

const poolSchema = z
  .preprocess((value) => {
    if (typeof value !== "string") return value;
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }, z.array(examQuestionSchema).max(POOL_MAX))
  .superRefine((questions, ctx) => {
    if (questions.length === 0) ctx.addIssue({ code: "custom", message: "surveys:questions_required" });
    const seen = new Set<string>();
    questions.forEach((question, index) => {
      const key = questionKey(question.title);
      if (seen.has(key)) ctx.addIssue({ code: "custom", path: [index, "title"], message: "surveys:title_unique" });
      seen.add(key);
    });
  });

const checkbox = z.preprocess((v) => v === true || v === "on" || v === "1" || v === 1, z.boolean());

/** The admin's exam: where it belongs, the pool, the draw, the pass mark, time, attempts, answers shown. */
export const examSchema = z
  .object({
    title: z.string().trim().min(1).max(EXAM_TITLE_MAX),
    description: z.string().trim().max(EXAM_DESCRIPTION_MAX).optional().default(""),
    course_id: z.preprocess((v) => (v === "" ? null : v), formIdSchema.nullable().optional().default(null)),
    product_id: z.preprocess((v) => (v === "" ? null : v), formIdSchema.nullable().optional().default(null)),
    required_for_completion: checkbox.optional().default(false),
    questions: poolSchema,
    draw_count: optionalWholeNumber(1, POOL_MAX),
    pass_percent: wholeNumber(0, 100),
    time_limit_minutes: optionalWholeNumber(1, TIME_LIMIT_MAX),
    max_attempts: optionalWholeNumber(1, ATTEMPTS_MAX),
    show_answers: z.enum(showAnswersChoices, { error: "validation:in" }).optional().default("never"),
  })
  .superRefine((exam, ctx) => {
    if (exam.course_id !== null && exam.product_id !== null) {
      ctx.addIssue({ code: "custom", path: ["product_id"], message: "exams:course_or_product" });
    }
    if (exam.draw_count !== null && exam.draw_count > exam.questions.length) {
      ctx.addIssue({
        code: "custom",
        path: ["draw_count"],
        message: "exams:draw_over_pool",
        params: { max: exam.questions.length },
      });
    }
  })
  .transform((exam) => ({
    ...exam,
    required_for_completion: exam.course_id !== null && exam.required_for_completion,
  }));
export type ExamInput = z.output<typeof examSchema>;

/** PUT /my/exams/attempts/{id}/answers {answers}: the answers given so far, keyed by question key. */
export const saveAnswersSchema = z.object({
  answers: z.record(z.string(), z.unknown(), { error: "validation:required" }),
});

/** POST /home/exams/attempts/{id}/grade {grades: [{key, points, comment}]}: the admin's points per open answer. */
export const gradeSchema = z.object({
  grades: z
    .array(
      z.object({
        key: z.string().min(1).max(400),
        points: wholeNumber(0, QUESTION_POINTS_MAX),
        comment: z.string().trim().max(2_000).optional().default(""),
      }),
    )
    .min(1)
    .max(POOL_MAX),
});

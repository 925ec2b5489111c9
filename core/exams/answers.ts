// A student's answers checked against the attempt's drawn questions (pure). Keyed by the question's kebab-cased
// title like the survey form; single choice takes an option value, multiple choice the chosen values (an array,
// or the form's map of value -> label); open questions a text. Failures are keyed `answers.<key>`.
import { AppError, type FieldErrors } from "../errors.ts";
import { questionKey } from "#core/surveys/question-key.ts";
import type { ExamAnswer } from "./scoring.ts";
import { EXAM_ANSWER_MAX, type ExamQuestion } from "./schemas.ts";

function chosen(raw: unknown): string[] | null {
  if (raw === null || raw === undefined || raw === "") return [];
  if (Array.isArray(raw)) return raw.every((v) => typeof v === "string") ? (raw as string[]) : null;
  if (typeof raw === "object") {
    return Object.entries(raw as Record<string, unknown>)
      .filter(([, label]) => label !== false && label !== null && label !== undefined)
      .map(([value]) => value);
  }
  return null;
}

export function checkExamAnswers(questions: readonly ExamQuestion[], given: Record<string, unknown>) {
  const byKey = new Map(questions.map((question) => [questionKey(question.title), question]));
  const answers: Record<string, ExamAnswer> = {};
  const fields: FieldErrors = {};
  for (const [key, raw] of Object.entries(given)) {
    const question = byKey.get(key);
    if (!question) {
      fields[`answers.${key}`] = [{ key: "validation:in" }];
      continue;
    }
    const allowed = new Set(question.options.map((option) => option.value));
    if (question.type === "multiple") {
      const values = chosen(raw);
      if (values === null || values.some((value) => !allowed.has(value)))
        fields[`answers.${key}`] = [{ key: "validation:in" }];
      else answers[key] = [...new Set(values)];
      continue;
    }
    if (raw !== null && raw !== undefined && typeof raw !== "string") {
      fields[`answers.${key}`] = [{ key: "validation:invalid" }];
      continue;
    }
    const text = (raw ?? "").trim();
    if (question.type === "single" && text !== "" && !allowed.has(text)) {
      fields[`answers.${key}`] = [{ key: "validation:in" }];
    } else if (text.length > EXAM_ANSWER_MAX) {
      fields[`answers.${key}`] = [{ key: "validation:string_max", values: { max: EXAM_ANSWER_MAX } }];
    } else answers[key] = text;
  }
  if (Object.keys(fields).length > 0) throw new AppError("validation", { fields });
  return answers;
}

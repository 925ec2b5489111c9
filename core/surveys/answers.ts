// A student's answers checked against the survey's questions (spec §3, §5). Pure. The response is keyed by each
// question's kebab-cased title: a string for text, textarea and select questions; for a checkbox question the map
// of the selected options (option value -> its label, as the modal keeps it; an array of values is read the same).
// Failures come back keyed `response.<key>`, which the modal's invalid-field rule (question-errors.ts) reads.
import { z } from "zod";
import { AppError, type FieldErrors } from "../errors.ts";
import { questionKey } from "./question-key.ts";
import { ANSWER_TEXT_MAX, type SurveyQuestion } from "./schemas.ts";

/** What is stored: a text or the chosen value, or the chosen values of a checkbox question. */
export type SurveyAnswers = Record<string, string | string[]>;

const emailSchema = z.email();

function selectedValues(raw: unknown): string[] | null {
  if (raw === undefined || raw === null || raw === "") return [];
  if (Array.isArray(raw)) return raw.every((v) => typeof v === "string") ? (raw as string[]) : null;
  if (typeof raw === "object") {
    // A map of option value -> label; an unticked option may be kept as false or null.
    return Object.entries(raw as Record<string, unknown>)
      .filter(([, label]) => label !== false && label !== null && label !== undefined)
      .map(([value]) => value);
  }
  return null;
}

function textError(question: SurveyQuestion, text: string): string | null {
  if (text.length > ANSWER_TEXT_MAX) return "validation:string_max";
  if (text === "") return null;
  if (question.inputType === "email" && !emailSchema.safeParse(text).success) return "validation:email";
  if (question.inputType === "number" && !Number.isFinite(Number(text))) return "surveys:number";
  return null;
}

/** The answers to store, or a 422 naming each failing question (`response.<kebab-cased title>`). */
export function checkAnswers(questions: SurveyQuestion[], response: unknown): SurveyAnswers {
  if (response === null || typeof response !== "object" || Array.isArray(response)) {
    throw new AppError("validation", { fields: { response: [{ key: "validation:required" }] } });
  }
  const given = response as Record<string, unknown>;
  const answers: SurveyAnswers = {};
  const fields: FieldErrors = {};
  const fail = (key: string, message: string, values?: Record<string, unknown>) => {
    fields[`response.${key}`] = [{ key: message, values }];
  };
  for (const question of questions) {
    if (question.type === "separator") continue;
    const key = questionKey(question.title);
    const raw = given[key];
    const allowed = new Set(question.options.map((option) => option.value));
    if (question.type === "checkbox") {
      const values = selectedValues(raw);
      if (values === null || values.some((value) => !allowed.has(value))) fail(key, "validation:in");
      else if (question.required && values.length === 0) fail(key, "validation:required");
      else answers[key] = [...new Set(values)];
      continue;
    }
    if (raw !== undefined && raw !== null && typeof raw !== "string" && typeof raw !== "number") {
      fail(key, "validation:invalid");
      continue;
    }
    const text = String(raw ?? "").trim();
    if (question.required && text === "") fail(key, "validation:required");
    else if (question.type === "select" && text !== "" && !allowed.has(text)) fail(key, "validation:in");
    else if (question.type !== "select" && textError(question, text)) {
      fail(key, textError(question, text)!, { max: ANSWER_TEXT_MAX });
    } else answers[key] = text;
  }
  if (Object.keys(fields).length > 0) throw new AppError("validation", { fields });
  return answers;
}

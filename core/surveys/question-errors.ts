// The question form's invalid-field rule (spec §5). Pure: the survey modal asks it for each question with the
// errors of the last submission (the server's 422 fields, or the modal's own check before sending).
import { questionKey } from "./question-key.ts";

type Question = { title: string; required: boolean };
/** The server's field errors (keys with their messages), or the modal's own: field name -> a list. */
type Errors = Readonly<Record<string, readonly unknown[] | undefined>>;

/**
 * Invalid when the errors hold a general `response` error and the question is required, or an error keyed by the
 * question's kebab-cased title, or by that key prefixed with `response.`.
 */
export function isQuestionInvalid(question: Question, errors: Errors | undefined): boolean {
  if (!errors) return false;
  const key = questionKey(question.title);
  return Boolean(
    (errors.response?.length && question.required) || errors[key]?.length || errors[`response.${key}`]?.length,
  );
}

/** The first error of a question, for the message under it. */
export function questionError<T>(
  question: Question,
  errors: Readonly<Record<string, readonly T[] | undefined>> | undefined,
): T | undefined {
  if (!errors) return undefined;
  const key = questionKey(question.title);
  return errors[`response.${key}`]?.[0] ?? errors[key]?.[0] ?? (question.required ? errors.response?.[0] : undefined);
}

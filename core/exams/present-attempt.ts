// What the student's exam page gets of an attempt: the drawn questions as the dynamic question form renders them
// (single choice as its select, multiple choice as its checkbox: core/surveys/schemas.ts), without the correct
// options, the answers saved so far, and the server's deadline with the server's time (for the countdown).
import type { SurveyQuestion } from "#core/surveys/schemas.ts";
import { questionKey } from "#core/surveys/question-key.ts";
import type { AttemptRecord, SavedAnswer } from "./exam-records.ts";
import type { ExamAnswer } from "./scoring.ts";
import type { ExamQuestion } from "./schemas.ts";

export type FormQuestion = SurveyQuestion & { points: number };

export type AttemptView = {
  id: number;
  exam_id: number;
  number: number;
  status: AttemptRecord["status"];
  started_at: string;
  deadline_at: string | null;
  server_now: string;
  questions: FormQuestion[];
  answers: Record<string, ExamAnswer>;
};

const formType = { text: "text", textarea: "textarea", single: "select", multiple: "checkbox" } as const;

export function formQuestion(question: ExamQuestion): FormQuestion {
  return {
    type: formType[question.type],
    title: question.title,
    placeholder: question.placeholder,
    required: false,
    inputType: "text",
    options: question.options.map(({ value, label }) => ({ value, label })),
    points: question.points,
  };
}

export function presentAttempt(attempt: AttemptRecord, answers: Map<string, SavedAnswer>, now: string): AttemptView {
  const keys = new Set(attempt.questions.map((question) => questionKey(question.title)));
  return {
    id: attempt.id,
    exam_id: attempt.exam_id,
    number: attempt.number,
    status: attempt.status,
    started_at: attempt.started_at,
    deadline_at: attempt.deadline_at,
    server_now: now,
    questions: attempt.questions.map(formQuestion),
    answers: Object.fromEntries([...answers].filter(([key]) => keys.has(key)).map(([key, a]) => [key, a.answer])),
  };
}

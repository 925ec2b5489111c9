// GET /my/exams/{id}/attempts/{attemptId} (issue 17, item 2): an attempt's result: awaiting grading, or the score
// and passed / failed, each question with the student's answer, its points and the grader's comment, and the
// correct options where the exam allows it (policies.ts mayShowAnswers: after the last attempt, or once passed).
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { questionKey } from "#core/surveys/question-key.ts";
import { AppError } from "../errors.ts";
import { type Actor, authorizeUser } from "../shared/actor.ts";
import { pathId } from "../shared/path-id.ts";
import { answersOf, attemptsOf, findAttempt, findExam } from "./exam-records.ts";
import { attemptsLeft, canTakeExams, mayShowAnswers } from "./policies.ts";
import { formQuestion, type FormQuestion } from "./present-attempt.ts";
import type { ExamAnswer } from "./scoring.ts";
import { ownAttempt } from "./student-exam.ts";
import { closeIfExpired } from "./close-expired-attempts.ts";

export type ResultQuestion = FormQuestion & {
  key: string;
  answer: ExamAnswer | null;
  earned: number | null;
  comment: string | null;
  /** the correct option values, when the student may see them */
  correct: string[] | null;
};

export type AttemptResult = {
  exam: { id: number; title: string; pass_percent: number; course_id: number | null };
  attempt: {
    id: number;
    number: number;
    status: "open" | "grading" | "graded";
    submitted_at: string | null;
    score: number | null;
    max_score: number;
    passed: boolean | null;
  };
  attempts_left: number | null;
  answers_shown: boolean;
  questions: ResultQuestion[];
};

export async function getAttemptResult(
  db: Db,
  actor: Actor,
  attemptIdInput: unknown,
  now = nowIso(),
  examIdInput?: unknown,
): Promise<AttemptResult> {
  const member = authorizeUser(actor, canTakeExams(actor));
  let attempt = ownAttempt(member, await findAttempt(db, pathId(attemptIdInput)));
  if (examIdInput !== undefined && pathId(examIdInput) !== attempt.exam_id) throw new AppError("not_found");
  if (await closeIfExpired(db, attempt, now)) attempt = (await findAttempt(db, attempt.id))!;
  const exam = await findExam(db, attempt.exam_id);
  const all = await attemptsOf(db, exam.id, attempt.user_id);
  const left = attemptsLeft(exam.max_attempts, all.length);
  const scored = attempt.status === "graded";
  const shown =
    scored &&
    mayShowAnswers(exam.show_answers, {
      attemptsLeft: left,
      passed: all.some((one) => one.passed === true),
    });
  const saved = await answersOf(db, attempt.id);
  return {
    exam: { id: exam.id, title: exam.title, pass_percent: exam.pass_percent, course_id: exam.course_id },
    attempt: {
      id: attempt.id,
      number: attempt.number,
      status: attempt.status,
      submitted_at: attempt.submitted_at,
      score: attempt.score,
      max_score: attempt.max_score,
      passed: attempt.passed,
    },
    attempts_left: left,
    answers_shown: shown,
    questions: attempt.questions.map((question) => {
      const key = questionKey(question.title);
      const answer = saved.get(key);
      return {
        ...formQuestion(question),
        key,
        answer: answer?.answer ?? null,
        earned: attempt.status === "open" ? null : (answer?.points ?? null),
        comment: scored ? (answer?.comment ?? null) : null,
        correct: shown ? question.options.filter((o) => o.correct).map((o) => o.value) : null,
      };
    }),
  };
}

// GET /my/exams/{id} (issue 17, item 2): the student's exam page: the intro (pass mark, time limit, attempts
// left), the open attempt to resume if there is one (a refresh shows the same questions and saved answers), and
// the earlier attempts with their results.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import type { Actor } from "../shared/actor.ts";
import { answersOf } from "./exam-records.ts";
import { attemptsLeft } from "./policies.ts";
import { type AttemptView, presentAttempt } from "./present-attempt.ts";
import { loadStudentExam } from "./student-exam.ts";

export type AttemptSummary = {
  id: number;
  number: number;
  status: "open" | "grading" | "graded";
  submitted_at: string | null;
  score: number | null;
  max_score: number;
  passed: boolean | null;
};

export type ExamPage = {
  exam: {
    id: number;
    title: string;
    description: string;
    pass_percent: number;
    time_limit_minutes: number | null;
    max_attempts: number | null;
    question_count: number;
    course_id: number | null;
    archived: boolean;
  };
  attempts: AttemptSummary[];
  attempts_left: number | null;
  passed: boolean;
  open: AttemptView | null;
};

export async function getExamPage(db: Db, actor: Actor, idInput: unknown, now = nowIso()): Promise<ExamPage> {
  const { exam, attempts } = await loadStudentExam(db, actor, idInput, now);
  const open = attempts.find((attempt) => attempt.status === "open");
  return {
    exam: {
      id: exam.id,
      title: exam.title,
      description: exam.description,
      pass_percent: exam.pass_percent,
      time_limit_minutes: exam.time_limit_minutes,
      max_attempts: exam.max_attempts,
      question_count: Math.min(exam.draw_count ?? exam.questions.length, exam.questions.length),
      course_id: exam.course_id,
      archived: exam.archived_at !== null,
    },
    attempts: attempts.map(({ id, number, status, submitted_at, score, max_score, passed }) => ({
      id,
      number,
      status,
      submitted_at,
      score,
      max_score,
      passed,
    })),
    attempts_left: attemptsLeft(exam.max_attempts, attempts.length),
    passed: attempts.some((attempt) => attempt.passed === true),
    open: open ? presentAttempt(open, await answersOf(db, open.id), now) : null,
  };
}

// Kysely table types of exams (migration 0024); the conventions of schema.ts hold here too.
import type { Generated } from "kysely";

/** When a student sees the correct answers: never, after their last attempt, or once passed (or after the last). */
export type ExamShowAnswers = "never" | "after_last_attempt" | "after_passing";

/** open: being answered; grading: submitted, open answers wait for the admin; graded: scored. */
export type ExamAttemptStatus = "open" | "grading" | "graded";

export type ExamTable = {
  id: Generated<number>;
  title: string;
  /** markdown */
  description: Generated<string>;
  course_id: number | null;
  product_id: number | null;
  /** 0/1: the course counts as completed only once this exam is passed */
  required_for_completion: Generated<number>;
  /** JSON: ExamQuestion[] (core/exams/schemas.ts), the pool */
  questions: string;
  /** questions drawn per attempt; null: the whole pool */
  draw_count: number | null;
  /** percent of the points needed to pass, 0..100 */
  pass_percent: number;
  time_limit_minutes: number | null;
  /** null: unlimited */
  max_attempts: number | null;
  show_answers: Generated<ExamShowAnswers>;
  archived_at: string | null;
  created_at: string;
  updated_at: string;
};

export type ExamAttemptTable = {
  id: Generated<number>;
  exam_id: number;
  user_id: number;
  /** 1, 2, ...: unique per exam and student */
  number: number;
  seed: number;
  /** JSON: the drawn ExamQuestion[] in the attempt's order (a snapshot: a later edit of the exam leaves it) */
  questions: string;
  status: Generated<ExamAttemptStatus>;
  started_at: string;
  /** null: no time limit */
  deadline_at: string | null;
  submitted_at: string | null;
  /** "student" | "deadline" */
  closed_by: string | null;
  score: number | null;
  max_score: number;
  passed: number | null;
  graded_at: string | null;
};

export type ExamAnswerTable = {
  attempt_id: number;
  /** the question's key: its kebab-cased title (core/surveys/question-key.ts) */
  question_key: string;
  /** JSON: a string, or the chosen option values */
  answer: string;
  saved_at: string;
  /** null until scored (choices at submission, open answers by the admin) */
  points: number | null;
  comment: string | null;
};

export type ExamTables = {
  exams: ExamTable;
  exam_attempts: ExamAttemptTable;
  exam_answers: ExamAnswerTable;
};

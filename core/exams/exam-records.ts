// Reading exam and attempt rows into what the use-cases and pages work with: questions parsed from their JSON text.
import type { Db } from "#platform/db/connection.ts";
import { fromFlag } from "#platform/db/connection.ts";
import type { ExamAttemptStatus, ExamShowAnswers } from "#platform/db/schema.ts";
import { AppError } from "../errors.ts";
import type { ExamAnswer } from "./scoring.ts";
import { type ExamQuestion, examQuestionSchema } from "./schemas.ts";

export type ExamView = {
  id: number;
  title: string;
  description: string;
  course_id: number | null;
  product_id: number | null;
  required_for_completion: boolean;
  questions: ExamQuestion[];
  draw_count: number | null;
  pass_percent: number;
  time_limit_minutes: number | null;
  max_attempts: number | null;
  show_answers: ExamShowAnswers;
  archived_at: string | null;
};

const examColumns = [
  "id",
  "title",
  "description",
  "course_id",
  "product_id",
  "required_for_completion",
  "questions",
  "draw_count",
  "pass_percent",
  "time_limit_minutes",
  "max_attempts",
  "show_answers",
  "archived_at",
] as const;

/** Stored questions were checked when saved; one edited by hand that no longer parses is left out. */
export function parseQuestions(text: string): ExamQuestion[] {
  const raw: unknown = JSON.parse(text);
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((question) => {
    const parsed = examQuestionSchema.safeParse(question);
    return parsed.success ? [parsed.data] : [];
  });
}

export async function findExam(db: Db, id: number): Promise<ExamView> {
  const row = await db.selectFrom("exams").select(examColumns).where("id", "=", id).executeTakeFirst();
  if (!row) throw new AppError("not_found");
  return {
    ...row,
    required_for_completion: fromFlag(row.required_for_completion),
    questions: parseQuestions(row.questions),
  };
}

export type AttemptRecord = {
  id: number;
  exam_id: number;
  user_id: number;
  number: number;
  questions: ExamQuestion[];
  status: ExamAttemptStatus;
  started_at: string;
  deadline_at: string | null;
  submitted_at: string | null;
  closed_by: string | null;
  score: number | null;
  max_score: number;
  passed: boolean | null;
  graded_at: string | null;
};

const attemptColumns = [
  "id",
  "exam_id",
  "user_id",
  "number",
  "questions",
  "status",
  "started_at",
  "deadline_at",
  "submitted_at",
  "closed_by",
  "score",
  "max_score",
  "passed",
  "graded_at",
] as const;

type AttemptRow = Omit<AttemptRecord, "questions" | "passed"> & { questions: string; passed: number | null };

function presentAttempt(row: AttemptRow): AttemptRecord {
  return {
    ...row,
    questions: parseQuestions(row.questions),
    passed: row.passed === null ? null : fromFlag(row.passed),
  };
}

export function attemptsQuery(db: Db) {
  return db.selectFrom("exam_attempts").select(attemptColumns);
}

export async function findAttempt(db: Db, id: number): Promise<AttemptRecord | undefined> {
  const row = await attemptsQuery(db).where("id", "=", id).executeTakeFirst();
  return row ? presentAttempt(row) : undefined;
}

export async function attemptsOf(db: Db, examId: number, userId: number): Promise<AttemptRecord[]> {
  const rows = await attemptsQuery(db)
    .where("exam_id", "=", examId)
    .where("user_id", "=", userId)
    .orderBy("number")
    .execute();
  return rows.map(presentAttempt);
}

export async function openAttemptsPastDeadline(db: Db, now: string, limit: number): Promise<AttemptRecord[]> {
  const rows = await attemptsQuery(db)
    .where("status", "=", "open")
    .where("deadline_at", "is not", null)
    .where("deadline_at", "<=", now)
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map(presentAttempt);
}

export type SavedAnswer = { answer: ExamAnswer; saved_at: string; points: number | null; comment: string | null };

export async function answersOf(db: Db, attemptId: number): Promise<Map<string, SavedAnswer>> {
  const rows = await db
    .selectFrom("exam_answers")
    .select(["question_key", "answer", "saved_at", "points", "comment"])
    .where("attempt_id", "=", attemptId)
    .execute();
  return new Map(
    rows.map((row) => [
      row.question_key,
      {
        answer: JSON.parse(row.answer) as ExamAnswer,
        saved_at: row.saved_at,
        points: row.points,
        comment: row.comment,
      },
    ]),
  );
}

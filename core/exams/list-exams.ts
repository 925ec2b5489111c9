// GET /home/exams (issue 17, item 2): the admin's list, with where each exam belongs and its attempt counts.
import type { Db } from "#platform/db/connection.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { canManageExams } from "./policies.ts";

export type ExamSummary = {
  id: number;
  title: string;
  course_title: string | null;
  product_title: string | null;
  archived_at: string | null;
  attempts: number;
  grading: number;
};

export async function listExams(db: Db, actor: Actor): Promise<ExamSummary[]> {
  authorize(actor, canManageExams(actor));
  const rows = await db
    .selectFrom("exams as e")
    .leftJoin("courses as c", "c.id", "e.course_id")
    .leftJoin("products as p", "p.id", "e.product_id")
    .select((eb) => [
      "e.id",
      "e.title",
      "c.title as course_title",
      "p.title as product_title",
      "e.archived_at",
      eb
        .selectFrom("exam_attempts as a")
        .select((inner) => inner.fn.countAll<number>().as("n"))
        .whereRef("a.exam_id", "=", "e.id")
        .where("a.status", "!=", "open")
        .as("attempts"),
      eb
        .selectFrom("exam_attempts as a")
        .select((inner) => inner.fn.countAll<number>().as("n"))
        .whereRef("a.exam_id", "=", "e.id")
        .where("a.status", "=", "grading")
        .as("grading"),
    ])
    .orderBy("e.id", "desc")
    .execute();
  return rows.map((row) => ({ ...row, attempts: Number(row.attempts ?? 0), grading: Number(row.grading ?? 0) }));
}

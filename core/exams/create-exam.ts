// POST /home/exams (issue 17, item 2): the admin builds an exam.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { parseInput } from "../validation.ts";
import { checkPlace, columnsOf } from "./exam-place.ts";
import { type ExamView, findExam } from "./exam-records.ts";
import { canManageExams } from "./policies.ts";
import { examSchema } from "./schemas.ts";

export async function createExam(db: Db, actor: Actor, input: unknown, now = nowIso()): Promise<ExamView> {
  authorize(actor, canManageExams(actor));
  const exam = parseInput(examSchema, input);
  await checkPlace(db, exam);
  const row = await db
    .insertInto("exams")
    .values({ ...columnsOf(exam), created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return findExam(db, row.id);
}

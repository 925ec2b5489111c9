// POST /home/exams/{id} (issue 17, item 2): the admin edits an exam. Attempts already started keep the questions
// they drew (a snapshot on the attempt), so an edit changes only later attempts.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { AppError } from "../errors.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { pathId } from "../shared/path-id.ts";
import { parseInput } from "../validation.ts";
import { checkPlace, columnsOf } from "./exam-place.ts";
import { type ExamView, findExam } from "./exam-records.ts";
import { canManageExams } from "./policies.ts";
import { examSchema } from "./schemas.ts";

export async function updateExam(
  db: Db,
  actor: Actor,
  idInput: unknown,
  input: unknown,
  now = nowIso(),
): Promise<ExamView> {
  authorize(actor, canManageExams(actor));
  const id = pathId(idInput);
  const exam = parseInput(examSchema, input);
  await checkPlace(db, exam);
  const updated = await db
    .updateTable("exams")
    .set({ ...columnsOf(exam), updated_at: now })
    .where("id", "=", id)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) throw new AppError("not_found");
  return findExam(db, id);
}

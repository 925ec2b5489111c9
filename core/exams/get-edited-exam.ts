// GET /home/exams/{id} (issue 17, item 2): the exam as the admin's builder edits it.
import type { Db } from "#platform/db/connection.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { pathId } from "../shared/path-id.ts";
import { type ExamView, findExam } from "./exam-records.ts";
import { canManageExams } from "./policies.ts";

export async function getEditedExam(db: Db, actor: Actor, idInput: unknown): Promise<ExamView> {
  authorize(actor, canManageExams(actor));
  return findExam(db, pathId(idInput));
}

// POST /home/exams/{id}/delete (issue 17, item 2): an exam nobody has attempted is deleted; one with attempts is
// archived instead (students keep their results, nobody starts a new attempt, the list shows it as archived).
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { inTransaction } from "#platform/db/transaction.ts";
import { AppError } from "../errors.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { pathId } from "../shared/path-id.ts";
import { canManageExams } from "./policies.ts";

export async function deleteExam(
  db: Db,
  actor: Actor,
  idInput: unknown,
  now = nowIso(),
): Promise<{ id: number; archived: boolean }> {
  authorize(actor, canManageExams(actor));
  const id = pathId(idInput);
  return inTransaction(db, async (trx) => {
    const exam = await trx.selectFrom("exams").select("id").where("id", "=", id).executeTakeFirst();
    if (!exam) throw new AppError("not_found");
    const attempt = await trx.selectFrom("exam_attempts").select("id").where("exam_id", "=", id).executeTakeFirst();
    if (attempt) {
      await trx.updateTable("exams").set({ archived_at: now, updated_at: now }).where("id", "=", id).execute();
      return { id, archived: true };
    }
    await trx.deleteFrom("exams").where("id", "=", id).execute();
    return { id, archived: false };
  });
}

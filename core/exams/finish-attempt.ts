// Closing an open attempt, by the student's submission or by its deadline: one guarded update (open -> grading)
// decides which caller scores it, so two parallel submits, or a submit racing the deadline job, score it once.
// Only answers saved by the deadline count (saving after it is refused anyway: save-answers.ts). Choice answers
// get their points at once; open ones wait for the admin (status grading) unless there are none.
import { afterExamPassed } from "./after-exam-passed.ts";
import type { Db } from "#platform/db/connection.ts";
import { toFlag } from "#platform/db/connection.ts";
import { inTransaction } from "#platform/db/transaction.ts";
import { answersOf, type AttemptRecord } from "./exam-records.ts";
import { hasPassed, scoreAttempt, type ExamAnswer } from "./scoring.ts";

export type ClosedBy = "student" | "deadline";

/** True when this call closed the attempt; false when another already had. */
export async function finishAttempt(
  db: Db,
  attempt: AttemptRecord,
  passPercent: number,
  closedBy: ClosedBy,
  now: string,
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    // A submission after the deadline is recorded at the deadline: what counts is what was saved by then.
    const closedAt = attempt.deadline_at !== null && attempt.deadline_at < now ? attempt.deadline_at : now;
    const claimed = await trx
      .updateTable("exam_attempts")
      .set({ status: "grading", submitted_at: closedAt, closed_by: closedBy })
      .where("id", "=", attempt.id)
      .where("status", "=", "open")
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return false;

    const saved = await answersOf(trx, attempt.id);
    const inTime: Record<string, ExamAnswer> = {};
    for (const [key, answer] of saved) {
      if (attempt.deadline_at === null || answer.saved_at <= attempt.deadline_at) inTime[key] = answer.answer;
    }
    const { points, score } = scoreAttempt(attempt.questions, inTime);
    for (const [key, earned] of Object.entries(points)) {
      if (earned === null) continue;
      await trx
        .insertInto("exam_answers")
        .values({
          attempt_id: attempt.id,
          question_key: key,
          answer: JSON.stringify(inTime[key] ?? ""),
          saved_at: closedAt,
          points: earned,
        })
        .onConflict((oc) => oc.columns(["attempt_id", "question_key"]).doUpdateSet({ points: earned }))
        .execute();
    }
    if (score !== null) {
      const passed = hasPassed(score, attempt.max_score, passPercent);
      await trx
        .updateTable("exam_attempts")
        .set({ status: "graded", score, passed: toFlag(passed), graded_at: closedAt })
        .where("id", "=", attempt.id)
        .execute();
      if (passed) await afterExamPassed(trx, attempt);
    }
    return true;
  });
}

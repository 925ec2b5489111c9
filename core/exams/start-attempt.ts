// POST /my/exams/{id}/start (issue 17, item 2): a new attempt with its server deadline and its drawn questions, or
// the open one when there is one (a second tab, a double click). Attempts are counted on the server: the next
// number is inserted under the (exam, student, number) unique index, so of two parallel starts one inserts and
// the other finds that attempt open and answers it. No attempts left: 409 with a message.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { inTransaction } from "#platform/db/transaction.ts";
import { AppError } from "../errors.ts";
import type { Actor } from "../shared/actor.ts";
import { answersOf, attemptsOf, findAttempt } from "./exam-records.ts";
import { attemptsLeft, deadlineOf } from "./policies.ts";
import { drawQuestions, newSeed } from "./pool.ts";
import { type AttemptView, presentAttempt } from "./present-attempt.ts";
import { maxScore } from "./scoring.ts";
import { loadStudentExam } from "./student-exam.ts";

export async function startAttempt(
  db: Db,
  actor: Actor,
  idInput: unknown,
  now = nowIso(),
  random: () => number = Math.random,
): Promise<AttemptView> {
  const { member, exam } = await loadStudentExam(db, actor, idInput, now);
  const attemptId = await inTransaction(db, async (trx) => {
    const attempts = await attemptsOf(trx, exam.id, member.userId);
    const open = attempts.find((attempt) => attempt.status === "open");
    if (open) return open.id;
    if (exam.archived_at !== null) throw new AppError("conflict", { messageKey: "exams:archived" });
    if (attemptsLeft(exam.max_attempts, attempts.length) === 0) {
      throw new AppError("conflict", { messageKey: "exams:no_attempts_left" });
    }
    const seed = newSeed(random);
    const questions = drawQuestions(exam.questions, exam.draw_count, seed);
    const inserted = await trx
      .insertInto("exam_attempts")
      .values({
        exam_id: exam.id,
        user_id: member.userId,
        number: attempts.length + 1,
        seed,
        questions: JSON.stringify(questions),
        status: "open",
        started_at: now,
        deadline_at: deadlineOf(now, exam.time_limit_minutes),
        max_score: maxScore(questions),
      })
      .onConflict((oc) => oc.columns(["exam_id", "user_id", "number"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (inserted) return inserted.id;
    // A parallel start inserted this number first: answer its attempt.
    const theirs = await trx
      .selectFrom("exam_attempts")
      .select("id")
      .where("exam_id", "=", exam.id)
      .where("user_id", "=", member.userId)
      .where("number", "=", attempts.length + 1)
      .executeTakeFirstOrThrow();
    return theirs.id;
  });
  const attempt = (await findAttempt(db, attemptId))!;
  return presentAttempt(attempt, await answersOf(db, attempt.id), now);
}

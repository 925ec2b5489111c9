// PUT /my/exams/attempts/{id}/answers {answers} (issue 17, item 2): the exam page's autosave (debounced, the
// answers changed since the last save, or all of them). One row per question, upserted. Refused once the attempt
// is closed or its deadline has passed (server clock): what counts is what was saved by the deadline.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { AppError } from "../errors.ts";
import { type Actor, authorizeUser } from "../shared/actor.ts";
import { pathId } from "../shared/path-id.ts";
import { parseInput } from "../validation.ts";
import { checkExamAnswers } from "./answers.ts";
import { findAttempt } from "./exam-records.ts";
import { canTakeExams, isPastDeadline } from "./policies.ts";
import { saveAnswersSchema } from "./schemas.ts";
import { ownAttempt } from "./student-exam.ts";
import { closeIfExpired } from "./close-expired-attempts.ts";

export async function saveAnswers(
  db: Db,
  actor: Actor,
  attemptIdInput: unknown,
  input: unknown,
  now = nowIso(),
): Promise<{ saved_at: string }> {
  const member = authorizeUser(actor, canTakeExams(actor));
  const attempt = ownAttempt(member, await findAttempt(db, pathId(attemptIdInput)));
  if (attempt.user_id !== member.userId) throw new AppError("not_found");
  const { answers: given } = parseInput(saveAnswersSchema, input);
  if (attempt.status === "open" && isPastDeadline(attempt.deadline_at, now)) {
    await closeIfExpired(db, attempt, now);
    throw new AppError("conflict", { messageKey: "exams:time_up" });
  }
  if (attempt.status !== "open") throw new AppError("conflict", { messageKey: "exams:attempt_closed" });
  const answers = checkExamAnswers(attempt.questions, given);
  for (const [key, answer] of Object.entries(answers)) {
    const text = JSON.stringify(answer);
    // Guarded on the attempt still being open, so a save racing the submission cannot land after it.
    await db
      .insertInto("exam_answers")
      .columns(["attempt_id", "question_key", "answer", "saved_at"])
      .expression((eb) =>
        eb
          .selectFrom("exam_attempts")
          .select([
            "id as attempt_id",
            eb.val(key).as("question_key"),
            eb.val(text).as("answer"),
            eb.val(now).as("saved_at"),
          ])
          .where("id", "=", attempt.id)
          .where("status", "=", "open"),
      )
      .onConflict((oc) => oc.columns(["attempt_id", "question_key"]).doUpdateSet({ answer: text, saved_at: now }))
      .execute();
  }
  return { saved_at: now };
}

// POST /my/exams/attempts/{id}/submit (issue 17, item 2): the student hands the attempt in. It is scored once
// (finish-attempt.ts); a second or parallel submit answers the same result. After the deadline the submission
// counts what was saved by the deadline.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { AppError } from "../errors.ts";
import { type Actor, authorizeUser } from "../shared/actor.ts";
import { pathId } from "../shared/path-id.ts";
import { findAttempt, findExam } from "./exam-records.ts";
import { finishAttempt } from "./finish-attempt.ts";
import { canTakeExams, isPastDeadline } from "./policies.ts";
import { type AttemptResult, getAttemptResult } from "./get-attempt-result.ts";
import { ownAttempt } from "./student-exam.ts";

export async function submitAttempt(
  db: Db,
  actor: Actor,
  attemptIdInput: unknown,
  now = nowIso(),
): Promise<AttemptResult> {
  const member = authorizeUser(actor, canTakeExams(actor));
  const attempt = ownAttempt(member, await findAttempt(db, pathId(attemptIdInput)));
  if (attempt.user_id !== member.userId) throw new AppError("not_found");
  if (attempt.status === "open") {
    const exam = await findExam(db, attempt.exam_id);
    const closedBy = isPastDeadline(attempt.deadline_at, now) ? "deadline" : "student";
    await finishAttempt(db, attempt, exam.pass_percent, closedBy, now);
  }
  return getAttemptResult(db, actor, attempt.id, now);
}

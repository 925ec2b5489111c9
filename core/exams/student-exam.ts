// The steps every student call on an exam shares: the policy, the exam, its reach (404 when not reached), and
// the student's attempts with any expired one closed first (the deadline closes attempts lazily on read).
import type { Db } from "#platform/db/connection.ts";
import { AppError } from "../errors.ts";
import { type Actor, authorizeUser, type SignedInActor } from "../shared/actor.ts";
import { pathId } from "../shared/path-id.ts";
import { closeIfExpired } from "./close-expired-attempts.ts";
import { type AttemptRecord, attemptsOf, type ExamView, findExam } from "./exam-records.ts";
import { reachesExam } from "./exam-reach.ts";
import { canTakeExams } from "./policies.ts";

export type StudentExam = { member: SignedInActor; exam: ExamView; attempts: AttemptRecord[] };

export async function loadStudentExam(db: Db, actor: Actor, idInput: unknown, now: string): Promise<StudentExam> {
  const member = authorizeUser(actor, canTakeExams(actor));
  const exam = await findExam(db, pathId(idInput));
  if (!(await reachesExam(db, member, exam, now))) throw new AppError("not_found");
  let attempts = await attemptsOf(db, exam.id, member.userId);
  const expired = attempts.filter((attempt) => attempt.status === "open");
  let changed = false;
  for (const attempt of expired) changed = (await closeIfExpired(db, attempt, now)) || changed;
  if (changed) attempts = await attemptsOf(db, exam.id, member.userId);
  return { member, exam, attempts };
}

/** An attempt of the caller's (an admin may read anyone's); another student's is a 404. */
export function ownAttempt(member: SignedInActor, attempt: AttemptRecord | undefined): AttemptRecord {
  if (!attempt || (attempt.user_id !== member.userId && member.kind !== "admin")) throw new AppError("not_found");
  return attempt;
}

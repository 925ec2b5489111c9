// The deadline closes unsubmitted attempts: lazily when the student's exam is read (close-own-expired in
// get-exam-page.ts and start-attempt.ts) and by the scheduled job (jobs.ts) for attempts nobody comes back to.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { type AttemptRecord, openAttemptsPastDeadline } from "./exam-records.ts";
import { finishAttempt } from "./finish-attempt.ts";
import { isPastDeadline } from "./policies.ts";

const BATCH = 100;

async function passPercentOf(db: Db, examId: number): Promise<number> {
  const exam = await db.selectFrom("exams").select("pass_percent").where("id", "=", examId).executeTakeFirst();
  return exam?.pass_percent ?? 100;
}

/** Closes one attempt if its deadline has passed; true when it is (now) closed. */
export async function closeIfExpired(db: Db, attempt: AttemptRecord, now: string): Promise<boolean> {
  if (attempt.status !== "open" || !isPastDeadline(attempt.deadline_at, now)) return attempt.status !== "open";
  await finishAttempt(db, attempt, await passPercentOf(db, attempt.exam_id), "deadline", now);
  return true;
}

/** The job's sweep: every open attempt past its deadline, in batches; answers how many it closed. */
export async function closeExpiredAttempts(db: Db, now = nowIso()): Promise<number> {
  let closed = 0;
  for (;;) {
    const batch = await openAttemptsPastDeadline(db, now, BATCH);
    for (const attempt of batch) {
      if (await finishAttempt(db, attempt, await passPercentOf(db, attempt.exam_id), "deadline", now)) closed++;
    }
    if (batch.length < BATCH) return closed;
  }
}

// What the owner sees of the queue on /home/jobs: counts by status, the failed and pending jobs, and a
// retry for a failed job (a fresh set of attempts, due now).
import { nowIso, type Db } from "../db/connection.ts";
import type { Job, JobStatus } from "../db/schema.ts";

import { jobStatuses } from "./statuses.ts";

export { jobStatuses };

export async function countJobsByStatus(db: Db): Promise<Record<JobStatus, number>> {
  const rows = await db
    .selectFrom("jobs")
    .select(["status", (eb) => eb.fn.countAll<number>().as("count")])
    .groupBy("status")
    .execute();
  const counts = { pending: 0, running: 0, done: 0, failed: 0 } as Record<JobStatus, number>;
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}

/** Failed jobs newest first; pending ones in the order they will run. */
export async function listJobs(db: Db, status: JobStatus, limit = 50): Promise<Job[]> {
  let query = db.selectFrom("jobs").selectAll().where("status", "=", status);
  query =
    status === "pending"
      ? query.orderBy("run_at").orderBy("id")
      : query.orderBy("updated_at", "desc").orderBy("id", "desc");
  return query.limit(limit).execute();
}

export type RetryResult =
  { outcome: "retried"; job: Job } | { outcome: "not_found" } | { outcome: "not_failed"; job: Job };

/** Puts a failed job back to pending with its attempts reset. Only failed jobs: others are running or will run. */
export async function retryJob(db: Db, id: number): Promise<RetryResult> {
  const now = nowIso();
  const job = await db
    .updateTable("jobs")
    .set({
      status: "pending",
      attempts: 0,
      run_at: now,
      last_error: null,
      locked_at: null,
      locked_by: null,
      updated_at: now,
    })
    .where("id", "=", id)
    .where("status", "=", "failed")
    .returningAll()
    .executeTakeFirst();
  if (job) return { outcome: "retried", job };
  const existing = await db.selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirst();
  return existing ? { outcome: "not_failed", job: existing } : { outcome: "not_found" };
}

// POST /home/jobs/:id/retry: a failed job back to pending with a fresh set of attempts (platform/jobs). The policy
// answers before the id is parsed; an unknown job is 404, one that is not failed (running or done: the page was out
// of date) a conflict.
import type { Db } from "#platform/db/connection.ts";
import type { Job } from "#platform/db/schema.ts";
import { retryJob } from "#platform/jobs/admin.ts";
import { AppError } from "../errors.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { pathId } from "../shared/path-id.ts";
import { canManageJobs } from "./policies.ts";

export async function retryFailedJob(db: Db, actor: Actor, jobId: unknown): Promise<Job> {
  authorize(actor, canManageJobs(actor));
  const result = await retryJob(db, pathId(jobId));
  if (result.outcome === "not_found") throw new AppError("not_found");
  if (result.outcome === "not_failed") throw new AppError("conflict");
  return result.job;
}

// The background queue as the owner sees it (/home/jobs): how many jobs wait, run, are done or failed, the failed
// ones and the waiting ones. The queue itself lives in platform/jobs; this asks the policy first.
import type { Db } from "#platform/db/connection.ts";
import { countJobsByStatus, listJobs } from "#platform/jobs/admin.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { canManageJobs } from "./policies.ts";

export async function getJobQueue(db: Db, actor: Actor, options: { limit: number }) {
  authorize(actor, canManageJobs(actor));
  const [counts, failed, pending] = await Promise.all([
    countJobsByStatus(db),
    listJobs(db, "failed", options.limit),
    listJobs(db, "pending", options.limit),
  ]);
  return { counts, failed, pending };
}

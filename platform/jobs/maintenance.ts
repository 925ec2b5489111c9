// The queue's own upkeep, as scheduled jobs (schedule.ts) so that one worker does it per slot, whichever process
// it lives in: jobs left 'running' by a process that died are put back every minute, and done jobs older than
// KEEP_DONE_MS are deleted every hour.
import { defineJob } from "./define-job.ts";
import { defineSchedule, emptyPayload } from "./schedule.ts";
import { deleteOldDoneJobs, recoverStaleJobs } from "./worker.ts";

export const recoverStaleJobsJob = defineJob({
  name: "jobs.recover_stale",
  payload: emptyPayload,
  handler:
    () =>
    async (_payload, { db, log }) => {
      await recoverStaleJobs(db, { log });
    },
});

export const deleteDoneJobsJob = defineJob({
  name: "jobs.delete_done",
  payload: emptyPayload,
  handler:
    () =>
    async (_payload, { db, log }) => {
      const deleted = await deleteOldDoneJobs(db);
      if (deleted > 0) log.info({ deleted }, "old done jobs deleted");
    },
});

export const jobMaintenanceSchedules = [
  defineSchedule({ name: "jobs.recover_stale", every: 60_000, job: recoverStaleJobsJob }),
  defineSchedule({ name: "jobs.delete_done", every: 60 * 60_000, job: deleteDoneJobsJob }),
];

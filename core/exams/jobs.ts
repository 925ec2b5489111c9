// Exams' background work (issue 17, item 2): every minute the deadline closes attempts nobody handed in (the
// exam page also closes them when read). The clock is injectable (`now`).
import { defineJob } from "#platform/jobs/define-job.ts";
import { defineSchedule, emptyPayload } from "#platform/jobs/schedule.ts";
import { closeExpiredAttempts } from "./close-expired-attempts.ts";

export const CLOSE_EXPIRED_MS = 60 * 1000;

export const closeExpiredAttemptsJob = defineJob({
  name: "exams.close_expired",
  payload: emptyPayload,
  handler:
    (deps: { now?: () => string } = {}) =>
    async (_payload, { db, log }) => {
      const closed = await closeExpiredAttempts(db, deps.now?.());
      if (closed > 0) log.info({ closed }, "exam attempts closed at their deadline");
    },
});

export const closeExpiredAttemptsSchedule = defineSchedule({
  name: "exams.close_expired",
  every: CLOSE_EXPIRED_MS,
  job: closeExpiredAttemptsJob,
});

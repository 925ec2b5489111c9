// The drip release's unlock mails: every minute, once across all workers, the scan queues the mails of the
// sections and lectures that opened since. The clock is injectable (`now`), so tests move time instead of waiting.
import { defineJob } from "#platform/jobs/define-job.ts";
import { defineSchedule, emptyPayload } from "#platform/jobs/schedule.ts";
import { scanDripUnlocks } from "./scan-drip-unlocks.ts";

export const DRIP_SCAN_MS = 60 * 1000;

export const dripScanJob = defineJob({
  name: "learning.drip",
  payload: emptyPayload,
  handler:
    (deps: { now?: () => string } = {}) =>
    async (_payload, { db, log }) => {
      const { queued } = await scanDripUnlocks(db, deps.now?.());
      if (queued > 0) log.info({ queued }, "drip unlock mails queued");
    },
});

export const dripSchedule = defineSchedule({ name: "learning.drip", every: DRIP_SCAN_MS, job: dripScanJob });

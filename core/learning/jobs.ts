// The drip release's unlock mails: every minute, once across all workers, the scan queues the mails of the
// sections and lectures that opened since. The clock is injectable (`now`), so tests move time instead of waiting.
import { defineJob } from "#platform/jobs/define-job.ts";
import { defineSchedule, emptyPayload } from "#platform/jobs/schedule.ts";
import { scanAccessEndings } from "./access-endings.ts";
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

// An access's end, told a week before and once it has passed (./access-endings.ts): every hour is soon enough
// for both, and the scan reads only accesses ending around now (indexed).
export const ACCESS_ENDINGS_SCAN_MS = 60 * 60 * 1000;

export const accessEndingsScanJob = defineJob({
  name: "learning.access_endings",
  payload: emptyPayload,
  handler:
    (deps: { now?: () => string } = {}) =>
    async (_payload, { db, log }) => {
      const { told } = await scanAccessEndings(db, deps.now?.());
      if (told > 0) log.info({ told }, "access endings told");
    },
});

export const accessEndingsSchedule = defineSchedule({
  name: "learning.access_endings",
  every: ACCESS_ENDINGS_SCAN_MS,
  job: accessEndingsScanJob,
});

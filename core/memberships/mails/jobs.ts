// The membership mails' schedule (issue 15, item 4): every minute, once across all workers, the scan queues the
// mails that time brings. The clock is injectable (`now`), so tests move time instead of waiting.
import { defineJob } from "#platform/jobs/define-job.ts";
import { defineSchedule, emptyPayload } from "#platform/jobs/schedule.ts";
import { scanMembershipNotices } from "./scan-membership-notices.ts";

export const NOTICE_SCAN_MS = 60 * 1000;

export const noticeScanJob = defineJob({
  name: "memberships.notices",
  payload: emptyPayload,
  handler:
    (deps: { now?: () => string } = {}) =>
    async (_payload, { db, log }) => {
      const { queued } = await scanMembershipNotices(db, deps.now?.());
      if (queued > 0) log.info({ queued }, "membership mails queued");
    },
});

export const noticeSchedule = defineSchedule({
  name: "memberships.notices",
  every: NOTICE_SCAN_MS,
  job: noticeScanJob,
});

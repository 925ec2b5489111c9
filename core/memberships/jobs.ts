// Memberships' background work (issue 15): the renewal scan every minute (once across all workers) and one renewal
// job per membership, period and attempt. The clock is injectable (`now`), so tests move time instead of waiting.
import { z } from "zod";
import { defineJob } from "#platform/jobs/define-job.ts";
import { defineSchedule, emptyPayload } from "#platform/jobs/schedule.ts";
import type { TokenChargers } from "./billing.ts";
import { reconcilePendingCharges } from "./reconcile-charges.ts";
import { renewMembership } from "./renew-membership.ts";
import { scanRenewals } from "./scan-renewals.ts";

export const RENEWAL_SCAN_MS = 60 * 1000;

type Clock = { now?: () => string };

export const renewMembershipJob = defineJob({
  name: "memberships.renew",
  payload: z.object({ membership_id: z.number().int().min(1), period: z.number().int().min(1) }).strict(),
  handler:
    (deps: { chargers: TokenChargers } & Clock) =>
    async (payload, { db, log }) => {
      const outcome = await renewMembership(
        db,
        deps.chargers,
        { membershipId: payload.membership_id, period: payload.period },
        deps.now?.(),
      );
      if (outcome !== "skipped") log.info({ membership: payload.membership_id, outcome }, "membership renewal");
    },
});

export const renewalScanJob = defineJob({
  name: "memberships.renewals",
  payload: emptyPayload,
  handler:
    (deps: { chargers: TokenChargers } & Clock) =>
    async (_payload, { db, log }) => {
      // Charges a crash left pending are settled first (asked of their provider), then the due renewals queued.
      const reconciled = await reconcilePendingCharges(db, deps.chargers, deps.now?.());
      if (reconciled.paid + reconciled.failed + reconciled.left > 0)
        log.info(reconciled, "membership charges reconciled");
      const { queued, finished } = await scanRenewals(db, deps.now?.());
      if (queued + finished > 0) log.info({ queued, finished }, "membership renewals scanned");
    },
});

export const renewalSchedule = defineSchedule({
  name: "memberships.renewals",
  every: RENEWAL_SCAN_MS,
  job: renewalScanJob,
});

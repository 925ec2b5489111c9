// The selling domain's scheduled job: pending payments re-checked with their providers (recheck-pending.ts). The
// schedule claims every minute once across all workers; each transaction is re-checked every 5 minutes
// (RECHECK_EVERY_MS) until it settles.
import { defineJob } from "#platform/jobs/define-job.ts";
import { defineSchedule, emptyPayload } from "#platform/jobs/schedule.ts";
import type { CompletionHooks } from "./complete-transaction.ts";
import type { ProviderSource } from "./provider-source.ts";
import { recheckPendingTransactions } from "./recheck-pending.ts";

/** How often due pending transactions are looked for. */
export const PAYMENT_RECHECK_SCAN_MS = 60 * 1000;

export const recheckPendingPaymentsJob = defineJob({
  name: "payments.recheck_pending",
  payload: emptyPayload,
  handler:
    (deps: { providers: ProviderSource; hooks: CompletionHooks }) =>
    async (_payload, { db, log }) => {
      const checked = await recheckPendingTransactions({ db, log, providers: deps.providers, hooks: deps.hooks });
      if (checked > 0) log.info({ checked }, "pending payments re-checked");
    },
});

export const paymentRecheckSchedule = defineSchedule({
  name: "payments.recheck_pending",
  every: PAYMENT_RECHECK_SCAN_MS,
  job: recheckPendingPaymentsJob,
});

// Work that runs beside the HTTP server inside `npm start`: the job worker (mail, and later webhooks,
// invoices and payment re-checks) and its periodic clean-ups (stale jobs recovered, done jobs deleted
// after 3 days). WORKER=off leaves it to another process (main.ts decides whether this runs at all).
import type { FastifyBaseLogger } from "fastify";
import { reportingLastFailures } from "#platform/error-reporting.ts";
import { createWorker, type JobHandlers } from "#platform/jobs/worker.ts";
import { mailSendHandler } from "#platform/mail/mail-job.ts";
import { passwordResetMailHandler } from "#core/accounts/send-password-reset-mail.ts";
import { invoiceIssueHandler } from "#core/invoices/issue-invoice.ts";
import { invoicingProvidersFor } from "./invoicing.ts";
import { MEDIA_MAINTENANCE_INTERVAL_MS, runMediaMaintenance } from "#core/media/media-maintenance.ts";
import { recheckPendingTransactions } from "#core/selling/recheck-pending.ts";
import { completionHooks } from "./payments.ts";
import type { Services } from "./services.ts";

export type Background = { stop(): Promise<void> };

/** Every job type's handler. A new job type adds its payload to JobPayloads (queue.ts) and a line here. */
export function jobHandlers(services: Services): JobHandlers {
  return {
    "mail.send": mailSendHandler(services.mailer),
    "mail.password_reset": passwordResetMailHandler({ mailer: services.mailer, secret: services.secret }),
    "invoice.issue": invoiceIssueHandler({
      secret: services.secret,
      providerFor: invoicingProvidersFor(services.config),
    }),
  };
}

export function startBackground(services: Services, log: FastifyBaseLogger): Background {
  const worker = createWorker({
    db: services.db,
    dialect: services.handle.dialect,
    handlers: reportingLastFailures(jobHandlers(services), services.errors),
    log: log.child({ component: "jobs" }),
  });
  worker.start();
  log.info({ worker: worker.id }, "job worker started");
  const media = startMediaMaintenance(services, log.child({ component: "media" }));
  const payments = startPaymentRechecks(services, log.child({ component: "payments" }));
  return {
    stop: async () => {
      await payments.stop();
      await media.stop();
      await worker.stop();
    },
  };
}

/**
 * Abandoned uploads removed and hosted videos re-checked (core/media/media-maintenance.ts): at start-up,
 * then every hour. A run that fails is logged and tried again at the next one.
 */
function startMediaMaintenance(services: Services, log: FastifyBaseLogger): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return; // the last run is still going
    running = runMediaMaintenance(services)
      .then((report) => {
        if (Object.values(report).some((count) => count > 0)) log.info(report, "media maintenance");
      })
      .catch((error: unknown) => log.warn({ err: error }, "media maintenance failed"))
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(run, 0);
  const timer = setInterval(run, MEDIA_MAINTENANCE_INTERVAL_MS);
  first.unref();
  timer.unref();
  return {
    stop: async () => {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}

/** How often due pending transactions are looked for; each is re-checked with its provider every 5 minutes. */
export const PAYMENT_RECHECK_SCAN_MS = 60 * 1000;

/** Pending payments re-checked with their providers until they settle (core/selling/recheck-pending.ts). */
function startPaymentRechecks(services: Services, log: FastifyBaseLogger): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const deps = { db: services.db, providers: services.payments, log, hooks: completionHooks(services) };
  const run = () => {
    if (running) return;
    running = recheckPendingTransactions(deps)
      .then((checked) => {
        if (checked > 0) log.info({ checked }, "pending payments re-checked");
      })
      .catch((error: unknown) => log.warn({ err: error }, "payment re-check failed"))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(run, PAYMENT_RECHECK_SCAN_MS);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}

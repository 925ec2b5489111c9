// Work that runs beside the HTTP server inside `npm start`: the job worker (mail, and later webhooks,
// invoices and payment re-checks) and its periodic clean-ups (stale jobs recovered, done jobs deleted
// after 3 days). WORKER=off leaves it to another process (main.ts decides whether this runs at all).
import type { FastifyBaseLogger } from "fastify";
import { createWorker, type JobHandlers } from "#platform/jobs/worker.ts";
import { mailSendHandler } from "#platform/mail/mail-job.ts";
import type { Services } from "./services.ts";

export type Background = { stop(): Promise<void> };

/** Every job type's handler. A new job type adds its payload to JobPayloads (queue.ts) and a line here. */
export function jobHandlers(services: Services): JobHandlers {
  return {
    "mail.send": mailSendHandler(services.mailer),
  };
}

export function startBackground(services: Services, log: FastifyBaseLogger): Background {
  const worker = createWorker({
    db: services.db,
    dialect: services.handle.dialect,
    handlers: jobHandlers(services),
    log: log.child({ component: "jobs" }),
  });
  worker.start();
  log.info({ worker: worker.id }, "job worker started");
  return { stop: () => worker.stop() };
}

// Background work: the job worker, which also claims the schedules' time slots (payment re-checks every minute,
// media maintenance every hour, the queue's own upkeep). It runs inside `npm start` unless WORKER=off (main.ts
// decides), and alone in `npm run worker` (worker-main.ts). Any number of them may run on one database: each job
// is claimed by one worker and each schedule slot by one (platform/jobs/schedule.ts).
import { reportingLastFailures } from "#platform/error-reporting.ts";
import { createWorker, type Logger, type WorkerOptions } from "#platform/jobs/worker.ts";
import { registeredJobs, schedules } from "./jobs.ts";
import type { Services } from "./services.ts";

export type Background = { readonly workerId: string; stop(): Promise<void> };

export function startBackground(
  services: Services,
  log: Logger & { child(bindings: object): Logger },
  options: Pick<WorkerOptions, "stopTimeoutMs"> = {},
): Background {
  const worker = createWorker({
    db: services.db,
    dialect: services.handle.dialect,
    jobs: reportingLastFailures(registeredJobs(services), services.errors),
    schedules,
    log: log.child({ component: "jobs" }),
    ...options,
  });
  worker.start();
  log.info({ worker: worker.id }, "job worker started");
  return { workerId: worker.id, stop: () => worker.stop() };
}

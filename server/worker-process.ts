// A process that runs only background work (no HTTP): configuration, the database (migrated), the job worker and
// the schedules. `npm run worker` (worker-main.ts) starts one; run as many as needed beside `npm start` with
// WORKER=off (or not), on one database. SIGTERM or SIGINT stops claiming, lets the running handlers finish (at
// most STOP_TIMEOUT_MS; a handler still running then is recovered as stale by another worker later) and exits 0.
import Fastify from "fastify";
import { ConfigError, loadConfig } from "#platform/config.ts";
import type { RegisteredJob } from "#platform/jobs/define-job.ts";
import type { Schedule } from "#platform/jobs/schedule.ts";
import { createWorker, type WorkerOptions } from "#platform/jobs/worker.ts";
import { loggerOptions } from "#platform/logging.ts";
import { reportingLastFailures } from "#platform/error-reporting.ts";
import { registeredJobs, schedules } from "./jobs.ts";
import { createServices, type Services } from "./services.ts";

/** How long a stopping worker waits for its running handlers. */
export const STOP_TIMEOUT_MS = 20_000;
/** Past this, a stopping worker exits anyway (1): a database call may hang. */
const EXIT_DEADLINE_MS = 25_000;

export type WorkerProcessOptions = {
  /** jobs and schedules besides the school's own (tests add theirs) */
  extraJobs?: (services: Services) => RegisteredJob[];
  extraSchedules?: readonly Schedule[];
  worker?: Pick<WorkerOptions, "pollIntervalMs">;
};

export async function runWorkerProcess(options: WorkerProcessOptions = {}): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // The server's logger (the same redaction and scrubbing), without a server.
  const log = Fastify({ logger: loggerOptions(config.LOG_LEVEL) }).log;
  const services = await createServices(config);
  const worker = createWorker({
    db: services.db,
    dialect: services.handle.dialect,
    jobs: reportingLastFailures(
      [...registeredJobs(services), ...(options.extraJobs?.(services) ?? [])],
      services.errors,
    ),
    schedules: [...schedules, ...(options.extraSchedules ?? [])],
    log: log.child({ component: "jobs" }),
    stopTimeoutMs: STOP_TIMEOUT_MS,
    ...options.worker,
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal, worker: worker.id }, "job worker stopping");
    const deadline = setTimeout(() => {
      log.warn("job worker shutdown took too long; exiting");
      process.exit(1);
    }, EXIT_DEADLINE_MS);
    deadline.unref();
    await worker.stop();
    await services.close();
    log.info({ worker: worker.id }, "job worker stopped");
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));

  worker.start();
  log.info({ worker: worker.id, database: config.database.kind }, "job worker started");
}

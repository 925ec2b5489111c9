// The job worker: claims due jobs from the outbox table (platform/jobs/queue.ts), runs each type's
// handler, and records the outcome. It runs inside `npm start` (server/background.ts) and, at scale, as
// any number of processes on PostgreSQL: claiming uses FOR UPDATE SKIP LOCKED there, so two workers never
// take the same job and never wait for each other.
//
// Life of a job: pending -> running (claimed: attempts + 1, locked_by this worker) -> done, or back to
// pending with a later run_at (exponential backoff) while attempts < max_attempts, or failed (kept, with
// last_error, for the owner to see and retry on /home/jobs). Delivery is at least once: a handler must be
// safe to run again if the process dies after its side effect but before the job is marked done.
import { randomBytes } from "node:crypto";
import os from "node:os";
import type { Updateable } from "kysely";
import type { Db, Dialect } from "../db/connection.ts";
import { nowIso } from "../db/connection.ts";
import type { Job, JobTable } from "../db/schema.ts";
import type { JobPayloads, JobType } from "./queue.ts";

/** The part of a pino/Fastify logger the worker uses; tests pass a recorder. */
export type Logger = {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
};

export type JobContext = { db: Db; log: Logger; job: Job };

export type JobHandler<P = unknown> = (payload: P, context: JobContext) => Promise<void>;

/** type -> handler. Typed for the known job types; other names are allowed (tests, new features). */
export type JobHandlers = { [T in JobType]?: JobHandler<JobPayloads[T]> } & Record<string, JobHandler<any> | undefined>;

export type WorkerOptions = {
  db: Db;
  dialect: Dialect;
  handlers: JobHandlers;
  log: Logger;
  /** How often to look for due jobs when the last look found none. */
  pollIntervalMs?: number;
  /** Jobs claimed (and run side by side) at a time. */
  batchSize?: number;
  /** A job 'running' for longer than this belongs to a process that died: it is put back. */
  staleAfterMs?: number;
  /** 'done' jobs are deleted after this long. */
  keepDoneMs?: number;
  /** How often stale jobs are recovered and old done jobs deleted. */
  maintenanceIntervalMs?: number;
  /** Delay before the next attempt, from the number of attempts made so far. */
  backoffMs?: (attempts: number) => number;
  /** How long stop() waits for running handlers before giving up on them (they are recovered later as stale). */
  stopTimeoutMs?: number;
  workerId?: string;
};

export type Worker = {
  readonly id: string;
  start(): void;
  /** Stops claiming and waits for the handlers that are running. */
  stop(): Promise<void>;
  /** Claims one batch of due jobs and runs it; resolves with the number of jobs run. */
  runOnce(): Promise<number>;
  /** Puts jobs left 'running' by a dead process back to pending (or failed when out of attempts). */
  recoverStale(): Promise<number>;
  /** Deletes 'done' jobs older than keepDoneMs. */
  deleteOldDone(): Promise<number>;
};

export const STALE_AFTER_MS = 5 * 60 * 1000;
export const KEEP_DONE_MS = 3 * 24 * 60 * 60 * 1000;
const MAX_BACKOFF_MS = 60 * 60 * 1000;
const MAX_ERROR_LENGTH = 2000;

/** 2^attempts seconds, +-25% jitter so that jobs failing together do not retry together, capped at an hour. */
export function backoffMs(attempts: number, random: () => number = Math.random): number {
  const base = 2 ** Math.min(attempts, 30) * 1000;
  return Math.min(MAX_BACKOFF_MS, Math.round(base * (0.75 + random() * 0.5)));
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message || error.name : String(error);
  return text.slice(0, MAX_ERROR_LENGTH);
}

/**
 * Marks up to `limit` due jobs as running for this worker and returns them. This is the only
 * engine-specific SQL of the queue, and it has to be: PostgreSQL allows many workers at once, so the
 * inner SELECT locks the rows it picks and skips rows another worker has locked (FOR UPDATE SKIP
 * LOCKED): each job goes to exactly one worker, and no worker waits on another's batch. SQLite has a
 * single writer and no row locks (the syntax does not exist there); the same UPDATE is one statement,
 * i.e. one transaction that takes the write lock before it reads, so two processes cannot claim the same
 * row either.
 */
export async function claimJobs(db: Db, dialect: Dialect, workerId: string, limit: number): Promise<Job[]> {
  const now = nowIso();
  const due = db
    .selectFrom("jobs")
    .select("id")
    .where("status", "=", "pending")
    .where("run_at", "<=", now)
    .orderBy("run_at")
    .orderBy("id")
    .limit(limit)
    .$if(dialect === "postgres", (query) => query.forUpdate().skipLocked());
  const jobs = await db
    .updateTable("jobs")
    .set((eb) => ({
      status: "running",
      locked_at: now,
      locked_by: workerId,
      attempts: eb("attempts", "+", 1),
      updated_at: now,
    }))
    .where("id", "in", due)
    .returningAll()
    .execute();
  return jobs.sort((a, b) => (a.run_at < b.run_at ? -1 : a.run_at > b.run_at ? 1 : a.id - b.id));
}

export function createWorker(options: WorkerOptions): Worker {
  const { db, dialect, handlers, log } = options;
  const pollIntervalMs = options.pollIntervalMs ?? 500;
  const batchSize = options.batchSize ?? 10;
  const staleAfterMs = options.staleAfterMs ?? STALE_AFTER_MS;
  const keepDoneMs = options.keepDoneMs ?? KEEP_DONE_MS;
  const maintenanceIntervalMs = options.maintenanceIntervalMs ?? 60_000;
  const delayFor = options.backoffMs ?? backoffMs;
  const stopTimeoutMs = options.stopTimeoutMs ?? 25_000;
  const id = options.workerId ?? `${os.hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;

  let stopping = false;
  let loop: Promise<void> | undefined;
  let wake: (() => void) | undefined;
  let lastMaintenance = 0;
  const running = new Set<Promise<void>>();

  async function finish(job: Job, error: unknown) {
    const now = nowIso();
    // Only while the job is still ours: if it was recovered as stale and claimed again meanwhile, the
    // other worker's outcome wins.
    const settle = (values: Updateable<JobTable>) =>
      db
        .updateTable("jobs")
        .set({ ...values, locked_at: null, locked_by: null, updated_at: now })
        .where("id", "=", job.id)
        .where("status", "=", "running")
        .where("locked_by", "=", id)
        .execute();
    if (error === undefined) {
      await settle({ status: "done" });
      return;
    }
    const last_error = errorText(error);
    if (job.attempts < job.max_attempts) {
      const delay = delayFor(job.attempts);
      await settle({ status: "pending", run_at: nowIso(delay), last_error });
      log.warn(
        { job: job.id, type: job.type, attempts: job.attempts, retryInMs: delay, error: last_error },
        "job failed; will retry",
      );
    } else {
      await settle({ status: "failed", last_error });
      log.error({ job: job.id, type: job.type, attempts: job.attempts, error: last_error }, "job failed for good");
    }
  }

  async function run(job: Job) {
    let outcome: unknown;
    try {
      const handler = handlers[job.type];
      if (!handler) throw new Error(`no handler for job type '${job.type}'`);
      await handler(JSON.parse(job.payload), { db, log, job });
    } catch (error) {
      outcome = error ?? new Error("failed");
    }
    try {
      await finish(job, outcome);
    } catch (error) {
      // The job stays 'running' and is recovered as stale later.
      log.error({ job: job.id, error: errorText(error) }, "could not record a job's outcome");
    }
  }

  async function runOnce(): Promise<number> {
    const jobs = await claimJobs(db, dialect, id, batchSize);
    const batch = jobs.map((job) => {
      const promise = run(job).finally(() => running.delete(promise));
      running.add(promise);
      return promise;
    });
    await Promise.all(batch);
    return jobs.length;
  }

  async function recoverStale(): Promise<number> {
    const now = nowIso();
    const staleBefore = nowIso(-staleAfterMs);
    const interrupted = "interrupted: the process running it stopped";
    const stale = db
      .updateTable("jobs")
      .where("status", "=", "running")
      .where((eb) => eb.or([eb("locked_at", "<", staleBefore), eb("locked_at", "is", null)]));
    // A job that keeps killing its process must not loop forever: out of attempts, it fails.
    const failed = await stale
      .where((eb) => eb("attempts", ">=", eb.ref("max_attempts")))
      .set({ status: "failed", last_error: interrupted, locked_at: null, locked_by: null, updated_at: now })
      .executeTakeFirst();
    const requeued = await stale
      .set({
        status: "pending",
        run_at: now,
        last_error: interrupted,
        locked_at: null,
        locked_by: null,
        updated_at: now,
      })
      .executeTakeFirst();
    const count = Number(failed.numUpdatedRows) + Number(requeued.numUpdatedRows);
    if (count) log.warn({ count }, "recovered jobs left running by a stopped process");
    return count;
  }

  async function deleteOldDone(): Promise<number> {
    const result = await db
      .deleteFrom("jobs")
      .where("status", "=", "done")
      .where("updated_at", "<", nowIso(-keepDoneMs))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async function maintain() {
    if (Date.now() - lastMaintenance < maintenanceIntervalMs) return;
    lastMaintenance = Date.now();
    await recoverStale();
    await deleteOldDone();
  }

  function pause(ms: number) {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
    });
  }

  async function main() {
    while (!stopping) {
      let ran = 0;
      try {
        await maintain();
        ran = await runOnce();
      } catch (error) {
        // The database may be briefly unreachable; keep polling.
        log.error({ error: errorText(error) }, "job worker could not poll");
      }
      // After a batch, look again at once: more jobs may be due.
      if (ran === 0 && !stopping) await pause(pollIntervalMs);
    }
  }

  return {
    id,
    start() {
      if (loop) return;
      stopping = false;
      loop = main();
    },
    async stop() {
      stopping = true;
      wake?.();
      const all = Promise.all([loop, ...running]).then(() => undefined);
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<"timeout">(
        (resolve) => (timer = setTimeout(() => resolve("timeout"), stopTimeoutMs)),
      );
      const result = await Promise.race([all, timeout]);
      clearTimeout(timer);
      if (result === "timeout") log.warn({ running: running.size }, "job worker stopped with handlers still running");
      loop = undefined;
    },
    runOnce,
    recoverStale,
    deleteOldDone,
  };
}

// The job worker: claims the schedules' current slots (schedule.ts), claims due jobs from the outbox table
// (queue.ts), parses each payload with its job's schema, runs the job's handler (define-job.ts) and records the
// outcome. It runs inside `npm start` (server/background.ts) and as `npm run worker` (server/worker-process.ts),
// any number of them on one database: claiming uses FOR UPDATE SKIP LOCKED on PostgreSQL, so two workers never
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
import type { Job, JobTable } from "../db/schema.ts";
import type { JobContext, JobHandler, Logger, RegisteredJob } from "./define-job.ts";
import { InvalidJobPayloadError, parsePayload } from "./queue.ts";
import { createScheduler, type Schedule } from "./schedule.ts";

export type { JobContext, JobHandler, Logger };

export type WorkerOptions = {
  db: Db;
  dialect: Dialect;
  /** every job this worker runs, by name (server/jobs.ts lists them) */
  jobs: readonly RegisteredJob[];
  /** the periodic jobs whose slots this worker claims (schedule.ts); their jobs must be in `jobs` */
  schedules?: readonly Schedule[];
  log: Logger;
  /** the clock (ms since the epoch); tests drive it */
  now?: () => number;
  /** How often to look for due jobs when the last look found none. */
  pollIntervalMs?: number;
  /** Jobs claimed (and run side by side) at a time. */
  batchSize?: number;
  /** A job 'running' for longer than this belongs to a process that died: it is put back. */
  staleAfterMs?: number;
  /** 'done' jobs are deleted after this long. */
  keepDoneMs?: number;
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
  /** Claims the schedules' current slots, then one batch of due jobs and runs it; resolves with the jobs run. */
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

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Marks up to `limit` due jobs as running for this worker and returns them. This is the only
 * engine-specific SQL of the queue, and it has to be: PostgreSQL allows many workers at once, so the
 * inner SELECT locks the rows it picks and skips rows another worker has locked (FOR UPDATE SKIP
 * LOCKED): each job goes to exactly one worker, and no worker waits on another's batch. SQLite has a
 * single writer and no row locks (the syntax does not exist there); the same UPDATE is one statement,
 * i.e. one transaction that takes the write lock before it reads, so two processes cannot claim the same
 * row either.
 */
export async function claimJobs(
  db: Db,
  dialect: Dialect,
  workerId: string,
  limit: number,
  nowMs: number = Date.now(),
): Promise<Job[]> {
  const now = iso(nowMs);
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

/** Puts jobs left 'running' by a dead process back to pending (or failed when out of attempts). */
export async function recoverStaleJobs(
  db: Db,
  options: { log: Logger; staleAfterMs?: number; now?: number },
): Promise<number> {
  const nowMs = options.now ?? Date.now();
  const now = iso(nowMs);
  const staleBefore = iso(nowMs - (options.staleAfterMs ?? STALE_AFTER_MS));
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
  if (count) options.log.warn({ count }, "recovered jobs left running by a stopped process");
  return count;
}

/** Deletes 'done' jobs older than keepDoneMs (their unique keys are free again from then on: queue.ts). */
export async function deleteOldDoneJobs(db: Db, options: { keepDoneMs?: number; now?: number } = {}): Promise<number> {
  const result = await db
    .deleteFrom("jobs")
    .where("status", "=", "done")
    .where("updated_at", "<", iso((options.now ?? Date.now()) - (options.keepDoneMs ?? KEEP_DONE_MS)))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export function createWorker(options: WorkerOptions): Worker {
  const { db, dialect, log } = options;
  const now = options.now ?? Date.now;
  const pollIntervalMs = options.pollIntervalMs ?? 500;
  const batchSize = options.batchSize ?? 10;
  const delayFor = options.backoffMs ?? backoffMs;
  const stopTimeoutMs = options.stopTimeoutMs ?? 25_000;
  const id = options.workerId ?? `${os.hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;

  const jobs = new Map<string, RegisteredJob>();
  for (const job of options.jobs) {
    if (jobs.has(job.name)) throw new Error(`two jobs named '${job.name}'`);
    jobs.set(job.name, job);
  }
  const schedules = options.schedules ?? [];
  for (const schedule of schedules) {
    if (!jobs.has(schedule.job.name)) {
      throw new Error(`schedule '${schedule.name}' runs job '${schedule.job.name}', which is not registered`);
    }
  }
  const scheduler = createScheduler({ db, schedules, log, now });

  let stopping = false;
  let loop: Promise<void> | undefined;
  let wake: (() => void) | undefined;
  const running = new Set<Promise<void>>();

  async function finish(job: Job, error: unknown, permanent: boolean) {
    const nowMs = now();
    // Only while the job is still ours: if it was recovered as stale and claimed again meanwhile, the
    // other worker's outcome wins.
    const settle = (values: Updateable<JobTable>) =>
      db
        .updateTable("jobs")
        .set({ ...values, locked_at: null, locked_by: null, updated_at: iso(nowMs) })
        .where("id", "=", job.id)
        .where("status", "=", "running")
        .where("locked_by", "=", id)
        .execute();
    if (error === undefined) {
      await settle({ status: "done" });
      return;
    }
    const last_error = errorText(error);
    if (!permanent && job.attempts < job.max_attempts) {
      const delay = delayFor(job.attempts);
      await settle({ status: "pending", run_at: iso(nowMs + delay), last_error });
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
    // A stored payload that does not parse will not parse next time either: failed at once, for the owner to see.
    let permanent = false;
    try {
      // No handler may mean a newer version of the code queued it (a rolling deploy): retried, not failed at once.
      const registered = jobs.get(job.type);
      if (!registered) throw new Error(`no handler for job type '${job.type}'`);
      let payload: unknown;
      try {
        payload = parsePayload(registered, JSON.parse(job.payload));
      } catch (error) {
        permanent = true;
        throw error instanceof InvalidJobPayloadError ? error : new InvalidJobPayloadError(job.type, error);
      }
      await registered.run(payload, { db, log, job });
    } catch (error) {
      outcome = error ?? new Error("failed");
    }
    try {
      await finish(job, outcome, permanent);
    } catch (error) {
      // The job stays 'running' and is recovered as stale later.
      log.error({ job: job.id, error: errorText(error) }, "could not record a job's outcome");
    }
  }

  async function runOnce(): Promise<number> {
    if (!stopping) await scheduler.tick();
    const claimed = await claimJobs(db, dialect, id, batchSize, now());
    const batch = claimed.map((job) => {
      const promise = run(job).finally(() => running.delete(promise));
      running.add(promise);
      return promise;
    });
    await Promise.all(batch);
    return claimed.length;
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
    recoverStale: () => recoverStaleJobs(db, { log, staleAfterMs: options.staleAfterMs, now: now() }),
    deleteOldDone: () => deleteOldDoneJobs(db, { keepDoneMs: options.keepDoneMs, now: now() }),
  };
}

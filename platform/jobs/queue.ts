// The job table is the outbox: a job is inserted with the same transaction (db handle) as the change
// that causes it, so a committed change always has its side effects queued, and a rolled-back one never does.
//
// Unique keys (decision 0012): `enqueue(db, job, payload, { key })` inserts only when no job row holds that key;
// otherwise it is a no-op that answers the existing job's id. The database enforces it (a unique index on
// jobs.unique_key, INSERT ... ON CONFLICT DO NOTHING), so any number of processes may enqueue the same key at
// once and one job results. A key is held by its row whatever the row's status: pending, running, failed (the
// owner retries that row on /home/jobs) and done, until done jobs are deleted (KEEP_DONE_MS, 3 days). So a
// "per period" key (the period is in the key) runs once however often and however late it is enqueued within
// those 3 days; a handler must still check the domain state, as delivery is at least once.
import type { Kysely } from "kysely";
import { z } from "zod";
import { nowIso } from "../db/connection.ts";
import type { Database } from "../db/schema.ts";
import type { JobDefinition } from "./define-job.ts";

export const DEFAULT_MAX_ATTEMPTS = 8;

export type EnqueueOptions = {
  delayMs?: number;
  /** when the job is due (ISO-8601 UTC); wins over delayMs */
  runAt?: string;
  maxAttempts?: number;
  /** at most one job row per key (see above) */
  key?: string;
};

/** A payload that does not fit its job's schema: the caller's mistake, thrown before anything is written. */
export class InvalidJobPayloadError extends Error {
  readonly job: string;
  constructor(job: string, cause: unknown) {
    super(`invalid payload for job '${job}': ${describe(cause)}`, { cause });
    this.name = "InvalidJobPayloadError";
    this.job = job;
  }
}

/** One line the owner can read on /home/jobs: "to: Invalid input: expected string, received null; ..." */
function describe(cause: unknown): string {
  if (cause instanceof z.ZodError) {
    return cause.issues.map((issue) => `${issue.path.join(".") || "(payload)"}: ${issue.message}`).join("; ");
  }
  return cause instanceof Error ? cause.message : String(cause);
}

/** Parses a payload with its job's schema, or throws InvalidJobPayloadError. */
export function parsePayload<P>(job: Pick<JobDefinition<P>, "name" | "payload">, payload: unknown): P {
  const result = job.payload.safeParse(payload);
  if (!result.success) throw new InvalidJobPayloadError(job.name, result.error);
  return result.data;
}

/** Queues a job in `db` (a transaction, for the outbox) and answers its id (the existing job's with a held key). */
export async function enqueue<P>(
  db: Kysely<Database>,
  job: JobDefinition<P>,
  payload: NoInfer<P>,
  options: EnqueueOptions = {},
): Promise<number> {
  return (await enqueueJob(db, job, payload, options)).id;
}

/** As enqueue, and says whether this call created the job (false: the key was held by an existing one). */
export async function enqueueJob<P>(
  db: Kysely<Database>,
  job: JobDefinition<P>,
  payload: NoInfer<P>,
  options: EnqueueOptions = {},
): Promise<{ id: number; created: boolean }> {
  const parsed = parsePayload(job, payload);
  const now = nowIso();
  const values = {
    type: job.name,
    payload: JSON.stringify(parsed),
    status: "pending" as const,
    attempts: 0,
    max_attempts: options.maxAttempts ?? job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    run_at: options.runAt ?? nowIso(options.delayMs ?? 0),
    unique_key: options.key ?? null,
    created_at: now,
    updated_at: now,
  };
  if (options.key === undefined) {
    const row = await db.insertInto("jobs").values(values).returning("id").executeTakeFirstOrThrow();
    return { id: row.id, created: true };
  }
  // The existing row may be deleted (done-job clean-up) between the insert and the look-up: then insert again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const inserted = await db
      .insertInto("jobs")
      .values(values)
      .onConflict((oc) => oc.column("unique_key").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (inserted) return { id: inserted.id, created: true };
    const existing = await db.selectFrom("jobs").select("id").where("unique_key", "=", options.key).executeTakeFirst();
    if (existing) return { id: existing.id, created: false };
  }
  throw new Error(`could not enqueue job '${job.name}' with key '${options.key}'`);
}

// The job queue against a real database: SQLite in a temporary folder, or PostgreSQL when
// TEST_DATABASE_URL is set (then also many workers at once).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createUnitDatabase, type UnitDatabase } from "#tests/helpers/unit-database.ts";
import { waitFor } from "#tests/helpers/test-server.ts";
import { nowIso, type Db } from "../db/connection.ts";
import { countJobsByStatus, listJobs, retryJob } from "./admin.ts";
import { z } from "zod";
import { sendMailJob } from "../mail/mail-job.ts";
import { defineJob, registerJob, type JobHandler } from "./define-job.ts";
import { deleteDoneJobsJob, jobMaintenanceSchedules, recoverStaleJobsJob } from "./maintenance.ts";
import { enqueue } from "./queue.ts";
import { backoffMs, claimJobs, createWorker, type Logger, type WorkerOptions } from "./worker.ts";

let database: UnitDatabase;
let db: Db;

beforeAll(async () => {
  database = await createUnitDatabase();
  db = database.handle.db;
});
afterAll(() => database?.drop());
beforeEach(async () => {
  await db.deleteFrom("jobs").execute();
});

type Entry = { level: string; obj: object; msg?: string };
function recorder(): Logger & { entries: Entry[] } {
  const entries: Entry[] = [];
  const at = (level: string) => (obj: object, msg?: string) => void entries.push({ level, obj, msg });
  return { entries, info: at("info"), warn: at("warn"), error: at("error") };
}

type Mail = z.infer<typeof sendMailJob.payload>;

/** A worker with the given handlers for mail-shaped jobs (the real 'mail.send' job's payload schema). */
function worker(handlers: Record<string, JobHandler<Mail>>, options: Partial<WorkerOptions> = {}) {
  const jobs = Object.entries(handlers).map(([name, run]) =>
    registerJob(defineJob({ name, payload: sendMailJob.payload, handler: () => run })),
  );
  return createWorker({
    db,
    dialect: database.handle.dialect,
    log: recorder(),
    pollIntervalMs: 20,
    ...options,
    jobs: [...jobs, ...(options.jobs ?? [])],
  });
}

const job = (id: number) => db.selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const mail = { to: "a@example.com", subject: "Hi", text: "Hello" };

/** A promise with its resolve function outside, to hold a handler until the test lets it go. */
function gate() {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

describe("the outbox: a job is written with the change that causes it", () => {
  it("leaves no job when the transaction rolls back", async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await enqueue(trx, sendMailJob, mail);
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await db.selectFrom("jobs").selectAll().execute()).toEqual([]);
  });

  it("leaves one pending job when the transaction commits", async () => {
    const id = await db.transaction().execute((trx) => enqueue(trx, sendMailJob, mail));
    const row = await job(id);
    expect(row).toMatchObject({ type: "mail.send", status: "pending", attempts: 0, max_attempts: 8, last_error: null });
    expect(JSON.parse(row.payload)).toEqual(mail);
  });
});

describe("running jobs", () => {
  it("runs a due job with its payload and the database, and marks it done", async () => {
    const seen: unknown[] = [];
    const id = await enqueue(db, sendMailJob, mail);
    const w = worker({
      "mail.send": async (payload, context) => {
        seen.push(payload);
        expect(context.job.id).toBe(id);
        expect(await context.db.selectFrom("jobs").select("status").where("id", "=", id).executeTakeFirst()).toEqual({
          status: "running",
        });
      },
    });
    expect(await w.runOnce()).toBe(1);
    expect(seen).toEqual([mail]);
    expect(await job(id)).toMatchObject({ status: "done", attempts: 1, locked_by: null, locked_at: null });
    expect(await w.runOnce()).toBe(0);
  });

  it("does not take a job before its run_at", async () => {
    const id = await enqueue(db, sendMailJob, mail, { delayMs: 60_000 });
    const w = worker({ "mail.send": async () => {} });
    expect(await w.runOnce()).toBe(0);
    expect((await job(id)).status).toBe("pending");
  });

  it("claims in run_at order, a batch at a time", async () => {
    const late = await enqueue(db, sendMailJob, mail, { delayMs: -1000 });
    const early = await enqueue(db, sendMailJob, mail, { delayMs: -5000 });
    const third = await enqueue(db, sendMailJob, mail, { delayMs: -500 });
    const claimed = await claimJobs(db, database.handle.dialect, "test-worker", 2);
    expect(claimed.map((j) => j.id)).toEqual([early, late]);
    expect(claimed.every((j) => j.status === "running" && j.locked_by === "test-worker" && j.attempts === 1)).toBe(
      true,
    );
    expect((await job(third)).status).toBe("pending");
  });

  it("starts polling on start() and picks up jobs enqueued later", async () => {
    const done: number[] = [];
    const w = worker({ "mail.send": async (_p, { job }) => void done.push(job.id) });
    w.start();
    try {
      const a = await enqueue(db, sendMailJob, mail);
      const b = await enqueue(db, sendMailJob, mail);
      await waitFor(() => done.length === 2);
      expect(done.sort()).toEqual([a, b].sort());
      await waitFor(async () => (await job(b)).status === "done");
    } finally {
      await w.stop();
    }
  });
});

describe("failures", () => {
  it("retries a failing job with a growing delay, then keeps it as failed with the last error", async () => {
    let calls = 0;
    const w = worker({
      "mail.send": async () => {
        calls++;
        throw new Error(`SMTP refused (${calls})`);
      },
    });
    const id = await enqueue(db, sendMailJob, mail, { maxAttempts: 4 });
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await w.runOnce()).toBe(1);
      const row = await job(id);
      expect(row).toMatchObject({
        status: "pending",
        attempts: attempt,
        last_error: `SMTP refused (${attempt})`,
        locked_by: null,
      });
      delays.push(Date.parse(row.run_at) - Date.parse(row.updated_at));
      // Not due yet: nothing to claim.
      expect(await w.runOnce()).toBe(0);
      // Make it due now (instead of waiting for the backoff).
      await db.updateTable("jobs").set({ run_at: nowIso() }).where("id", "=", id).execute();
    }
    // 2^n seconds +-25%: 1.5-2.5 s, 3-5 s, 6-10 s.
    expect(delays[0]).toBeGreaterThanOrEqual(1500);
    expect(delays[0]).toBeLessThanOrEqual(2500);
    expect(delays[1]).toBeGreaterThan(delays[0]!);
    expect(delays[2]).toBeGreaterThan(delays[1]!);
    expect(delays[2]).toBeGreaterThanOrEqual(6000);

    expect(await w.runOnce()).toBe(1);
    expect(await job(id)).toMatchObject({ status: "failed", attempts: 4, last_error: "SMTP refused (4)" });
    expect(calls).toBe(4);
    // A failed job is kept and never picked up again by itself.
    await db
      .updateTable("jobs")
      .set({ run_at: nowIso(-1000) })
      .where("id", "=", id)
      .execute();
    expect(await w.runOnce()).toBe(0);
  });

  it("fails a job whose type has no handler (after its attempts)", async () => {
    const id = await enqueue(db, sendMailJob, mail, { maxAttempts: 1 });
    const w = worker({});
    await w.runOnce();
    expect(await job(id)).toMatchObject({ status: "failed", last_error: "no handler for job type 'mail.send'" });
  });

  it("backs off 2^attempts seconds with jitter, capped at an hour", () => {
    expect(backoffMs(1, () => 0)).toBe(1500);
    expect(backoffMs(1, () => 1)).toBe(2500);
    expect(backoffMs(3, () => 0.5)).toBe(8000);
    expect(backoffMs(11, () => 0.5)).toBe(2048_000);
    expect(backoffMs(12, () => 1)).toBe(3600_000);
    expect(backoffMs(40, () => 0)).toBe(3600_000);
  });

  it("lets the owner retry a failed job: pending again, attempts from zero", async () => {
    const id = await enqueue(db, sendMailJob, mail, { maxAttempts: 1 });
    await worker({ "mail.send": async () => Promise.reject(new Error("down")) }).runOnce();
    expect((await job(id)).status).toBe("failed");

    const result = await retryJob(db, id);
    expect(result.outcome).toBe("retried");
    expect(await job(id)).toMatchObject({ status: "pending", attempts: 0, last_error: null });
    expect((await retryJob(db, id)).outcome).toBe("not_failed");
    expect((await retryJob(db, 999_999)).outcome).toBe("not_found");

    const ran: number[] = [];
    await worker({ "mail.send": async (_p, { job }) => void ran.push(job.id) }).runOnce();
    expect(ran).toEqual([id]);
    expect(await job(id)).toMatchObject({ status: "done", attempts: 1 });
  });

  it("counts and lists jobs for the admin page", async () => {
    const failed = await enqueue(db, sendMailJob, mail, { maxAttempts: 1 });
    await worker({ "mail.send": async () => Promise.reject(new Error("down")) }).runOnce();
    const later = await enqueue(db, sendMailJob, mail, { delayMs: 60_000 });
    const sooner = await enqueue(db, sendMailJob, mail, { delayMs: 30_000 });
    expect(await countJobsByStatus(db)).toEqual({ pending: 2, running: 0, done: 0, failed: 1 });
    expect((await listJobs(db, "failed")).map((j) => j.id)).toEqual([failed]);
    expect((await listJobs(db, "pending")).map((j) => j.id)).toEqual([sooner, later]);
  });
});

describe("crashes and clean-up", () => {
  async function insertRunning(lockedAgoMs: number, attempts = 1, maxAttempts = 8) {
    const id = await enqueue(db, sendMailJob, mail, { maxAttempts });
    await db
      .updateTable("jobs")
      .set({
        status: "running",
        attempts,
        locked_at: nowIso(-lockedAgoMs),
        locked_by: "dead-process",
        updated_at: nowIso(-lockedAgoMs),
      })
      .where("id", "=", id)
      .execute();
    return id;
  }

  it("puts a job left running by a dead process back to pending, and leaves a live one alone", async () => {
    const stale = await insertRunning(6 * 60_000);
    const exhausted = await insertRunning(6 * 60_000, 3, 3);
    const live = await insertRunning(60_000);
    const w = worker({});
    expect(await w.recoverStale()).toBe(2);
    expect(await job(stale)).toMatchObject({ status: "pending", locked_by: null, locked_at: null, attempts: 1 });
    expect(await job(exhausted)).toMatchObject({ status: "failed", locked_by: null });
    expect((await job(exhausted)).last_error).toMatch(/interrupted/);
    expect(await job(live)).toMatchObject({ status: "running", locked_by: "dead-process" });
  });

  it("recovers stale jobs when it starts (the upkeep schedule's first slot), then runs them", async () => {
    const stale = await insertRunning(10 * 60_000);
    const w = worker(
      { "mail.send": async () => {} },
      { jobs: [registerJob(recoverStaleJobsJob), registerJob(deleteDoneJobsJob)], schedules: jobMaintenanceSchedules },
    );
    w.start();
    try {
      await waitFor(async () => (await job(stale)).status === "done");
      expect((await job(stale)).attempts).toBe(2);
    } finally {
      await w.stop();
    }
  });

  it("ignores the outcome of a job it no longer owns", async () => {
    const id = await enqueue(db, sendMailJob, mail);
    const held = gate();
    const started = gate();
    const w = worker({
      "mail.send": async () => {
        started.open();
        await held.promise;
        throw new Error("late failure");
      },
    });
    const run = w.runOnce();
    await started.promise;
    // Meanwhile it was recovered and finished by another worker.
    await db.updateTable("jobs").set({ status: "done", locked_by: null }).where("id", "=", id).execute();
    held.open();
    await run;
    expect(await job(id)).toMatchObject({ status: "done", last_error: null });
  });

  it("deletes done jobs after 3 days, keeps newer ones and failed ones", async () => {
    const old = await enqueue(db, sendMailJob, mail);
    const recent = await enqueue(db, sendMailJob, mail);
    const oldFailed = await enqueue(db, sendMailJob, mail);
    const fourDaysAgo = nowIso(-4 * 24 * 3600_000);
    await db.updateTable("jobs").set({ status: "done", updated_at: fourDaysAgo }).where("id", "=", old).execute();
    await db
      .updateTable("jobs")
      .set({ status: "done", updated_at: nowIso(-2 * 24 * 3600_000) })
      .where("id", "=", recent)
      .execute();
    await db
      .updateTable("jobs")
      .set({ status: "failed", updated_at: fourDaysAgo })
      .where("id", "=", oldFailed)
      .execute();
    expect(await worker({}).deleteOldDone()).toBe(1);
    const left = await db.selectFrom("jobs").select("id").orderBy("id").execute();
    expect(left.map((r) => r.id)).toEqual([recent, oldFailed]);
  });
});

describe("graceful stop", () => {
  it("waits for a running handler, records its outcome and claims nothing more", async () => {
    const held = gate();
    const started = gate();
    const first = await enqueue(db, sendMailJob, mail);
    const w = worker(
      {
        "mail.send": async () => {
          started.open();
          await held.promise;
        },
      },
      { batchSize: 1 },
    );
    w.start();
    await started.promise;
    let stopped = false;
    const stopping = w.stop().then(() => (stopped = true));
    const second = await enqueue(db, sendMailJob, mail);
    // Give the stop every chance to finish early: it must not.
    for (let i = 0; i < 50; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    expect((await job(first)).status).toBe("running");
    held.open();
    await stopping;
    expect(await job(first)).toMatchObject({ status: "done" });
    expect(await job(second)).toMatchObject({ status: "pending", attempts: 0 });
  });
});

describe("several workers at once", () => {
  // SQLite: separate connections (as separate processes would have) serialise on the write lock;
  // PostgreSQL: separate pools claiming with FOR UPDATE SKIP LOCKED.
  it("runs every one of 200 jobs exactly once with 4 workers", async () => {
    const total = 200;
    await db
      .insertInto("jobs")
      .values(
        Array.from({ length: total }, (_, i) => ({
          type: "count",
          payload: JSON.stringify({ n: i }),
          status: "pending" as const,
          attempts: 0,
          max_attempts: 3,
          run_at: nowIso(-1000),
          created_at: nowIso(),
          updated_at: nowIso(),
        })),
      )
      .execute();
    const calls = new Map<number, number>();
    const byWorker = new Map<string, number>();
    const workers = Array.from({ length: 4 }, (_, i) => {
      const handle = database.connect({ poolSize: 3 });
      const id = `worker-${i}`;
      return createWorker({
        db: handle.db,
        dialect: handle.dialect,
        log: recorder(),
        workerId: id,
        batchSize: 5,
        pollIntervalMs: 10,
        jobs: [
          registerJob(
            defineJob({
              name: "count",
              payload: z.object({ n: z.number() }),
              handler:
                () =>
                async (_payload, { job }) => {
                  calls.set(job.id, (calls.get(job.id) ?? 0) + 1);
                  byWorker.set(id, (byWorker.get(id) ?? 0) + 1);
                  // Yield, so that the workers' batches interleave.
                  await new Promise((resolve) => setImmediate(resolve));
                },
            }),
          ),
        ],
      });
    });
    for (const w of workers) w.start();
    try {
      await waitFor(async () => (await countJobsByStatus(db)).done === total, { timeoutMs: 30_000 });
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
    expect(calls.size).toBe(total);
    expect([...calls.values()].every((n) => n === 1)).toBe(true);
    const rows = await db.selectFrom("jobs").select(["attempts", "status"]).execute();
    expect(rows.every((r) => r.status === "done" && r.attempts === 1)).toBe(true);
    expect(byWorker.size).toBeGreaterThan(1);
  }, 40_000);
});

// Job definitions (payload schemas checked at enqueue and in the worker) and unique job keys, against a real
// database: SQLite in a temporary folder, or PostgreSQL when TEST_DATABASE_URL is set (then also an enqueue that
// races another one still inside its transaction).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { createUnitDatabase, type UnitDatabase } from "#tests/helpers/unit-database.ts";
import { nowIso, sql, type Db } from "../db/connection.ts";
import { defineJob, registerJob, type Logger } from "./define-job.ts";
import { enqueue, InvalidJobPayloadError } from "./queue.ts";
import { createWorker, deleteOldDoneJobs } from "./worker.ts";

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

const silent: Logger = { info: () => {}, warn: () => {}, error: () => {} };
const job = (id: number) => db.selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const allJobs = () => db.selectFrom("jobs").selectAll().orderBy("id").execute();

const renewal = defineJob({
  name: "test.renewal",
  payload: z.object({ subscriptionId: z.number().int().positive(), period: z.string().default("monthly") }),
  handler: (seen: unknown[]) => async (payload) => void seen.push(payload),
});

function workerFor(seen: unknown[]) {
  return createWorker({ db, dialect: database.handle.dialect, jobs: [registerJob(renewal, seen)], log: silent });
}

async function insertRaw(payload: string, maxAttempts = 5) {
  const now = nowIso();
  const row = await db
    .insertInto("jobs")
    .values({
      type: "test.renewal",
      payload,
      status: "pending",
      attempts: 0,
      max_attempts: maxAttempts,
      run_at: now,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

describe("payloads are checked with the job's schema", () => {
  it("refuses a payload that does not fit at enqueue, and writes nothing", async () => {
    const bad = { subscriptionId: -1 } as unknown as z.infer<typeof renewal.payload>;
    await expect(enqueue(db, renewal, bad)).rejects.toThrow(InvalidJobPayloadError);
    await expect(enqueue(db, renewal, bad)).rejects.toThrow(/^invalid payload for job 'test.renewal': /);
    await expect(
      db.transaction().execute(async (trx) => {
        await enqueue(trx, renewal, { subscriptionId: 1, period: "monthly" });
        await enqueue(trx, renewal, bad);
      }),
    ).rejects.toThrow(InvalidJobPayloadError);
    expect(await allJobs()).toEqual([]);
  });

  it("stores the parsed payload (unknown keys dropped, defaults filled)", async () => {
    const id = await enqueue(db, renewal, { subscriptionId: 7, extra: "x" } as never);
    expect(JSON.parse((await job(id)).payload)).toEqual({ subscriptionId: 7, period: "monthly" });
  });

  it("gives the handler the parsed payload of a stored row", async () => {
    const seen: unknown[] = [];
    const id = await insertRaw(JSON.stringify({ subscriptionId: 3 }));
    await workerFor(seen).runOnce();
    expect(seen).toEqual([{ subscriptionId: 3, period: "monthly" }]);
    expect((await job(id)).status).toBe("done");
  });

  it("fails a stored payload that does not parse at once, with the reason, without calling the handler", async () => {
    const seen: unknown[] = [];
    const wrong = await insertRaw(JSON.stringify({ subscriptionId: "three" }));
    const garbled = await insertRaw("{not json");
    expect(await workerFor(seen).runOnce()).toBe(2);
    expect(seen).toEqual([]);
    const rows = [await job(wrong), await job(garbled)];
    for (const row of rows) expect(row).toMatchObject({ status: "failed", attempts: 1, max_attempts: 5 });
    expect(rows[0]!.last_error).toMatch(/^invalid payload for job 'test.renewal': .*subscriptionId/s);
    expect(rows[1]!.last_error).toMatch(/^invalid payload for job 'test.renewal': /);
  });

  it("retries (not fails at once) a handler's own error", async () => {
    const failing = defineJob({
      name: "test.failing",
      payload: z.object({}),
      handler: () => async () => {
        throw new Error("provider down");
      },
    });
    const id = await enqueue(db, failing, {}, { maxAttempts: 3 });
    await createWorker({ db, dialect: database.handle.dialect, jobs: [registerJob(failing)], log: silent }).runOnce();
    expect(await job(id)).toMatchObject({ status: "pending", attempts: 1, last_error: "provider down" });
  });

  it("refuses two jobs of one name in a worker, and a bad name", () => {
    const seen: unknown[] = [];
    expect(() =>
      createWorker({
        db,
        dialect: database.handle.dialect,
        jobs: [registerJob(renewal, seen), registerJob(renewal, seen)],
        log: silent,
      }),
    ).toThrow("two jobs named 'test.renewal'");
    expect(() => defineJob({ name: "Bad Name", payload: z.object({}), handler: () => async () => {} })).toThrow();
  });
});

describe("unique job keys", () => {
  const payload = { subscriptionId: 1, period: "monthly" };

  it("a second enqueue with the same key is a no-op that answers the first job's id", async () => {
    const first = await enqueue(db, renewal, payload, { key: "renewal:1:2026-11" });
    const second = await enqueue(db, renewal, { subscriptionId: 2, period: "monthly" }, { key: "renewal:1:2026-11" });
    const other = await enqueue(db, renewal, payload, { key: "renewal:1:2026-12" });
    const unkeyed = [await enqueue(db, renewal, payload), await enqueue(db, renewal, payload)];
    expect(second).toBe(first);
    expect(new Set([first, other, ...unkeyed]).size).toBe(4);
    const rows = await allJobs();
    expect(rows).toHaveLength(4);
    expect(JSON.parse((await job(first)).payload).subscriptionId).toBe(1);
  });

  it("many enqueues of one key at once, from separate connections, make one job", async () => {
    const handles = Array.from({ length: 4 }, () => database.connect({ poolSize: 3 }));
    const ids = await Promise.all(
      Array.from({ length: 24 }, (_, i) => enqueue(handles[i % 4]!.db, renewal, payload, { key: "renewal:9:2026-11" })),
    );
    expect(new Set(ids).size).toBe(1);
    expect(await allJobs()).toHaveLength(1);
  });

  it("the key stays held while the job runs, after it is done and after it failed; freed when the row is deleted", async () => {
    const seen: unknown[] = [];
    const key = "renewal:5:2026-11";
    const id = await enqueue(db, renewal, payload, { key });
    await workerFor(seen).runOnce();
    expect((await job(id)).status).toBe("done");
    // Done: a late enqueue of the same period does not run it again.
    expect(await enqueue(db, renewal, payload, { key })).toBe(id);
    await workerFor(seen).runOnce();
    expect(seen).toHaveLength(1);

    await db.updateTable("jobs").set({ status: "failed" }).where("id", "=", id).execute();
    expect(await enqueue(db, renewal, payload, { key })).toBe(id);
    await db.updateTable("jobs").set({ status: "running" }).where("id", "=", id).execute();
    expect(await enqueue(db, renewal, payload, { key })).toBe(id);

    // Done jobs are deleted after KEEP_DONE_MS; from then on the key is free.
    await db
      .updateTable("jobs")
      .set({ status: "done", updated_at: nowIso(-4 * 24 * 3600_000) })
      .where("id", "=", id)
      .execute();
    expect(await deleteOldDoneJobs(db)).toBe(1);
    const again = await enqueue(db, renewal, payload, { key });
    expect(again).not.toBe(id);
    expect(await allJobs()).toHaveLength(1);
  });

  it("a key enqueued in a transaction that rolls back is not held", async () => {
    const key = "renewal:6:2026-11";
    await expect(
      db.transaction().execute(async (trx) => {
        await enqueue(trx, renewal, payload, { key });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    const id = await enqueue(db, renewal, payload, { key });
    expect((await allJobs()).map((row) => row.id)).toEqual([id]);
  });

  // PostgreSQL only: on SQLite one process cannot hold a write transaction open while another connection of the
  // same (synchronous) process waits for it; the two-process tests cover SQLite (tests/integration/job-workers).
  it.runIf(process.env.TEST_DATABASE_URL)(
    "PostgreSQL: an enqueue racing one still in its transaction waits for it, then answers its id (or inserts after a rollback)",
    async () => {
      const other = database.connect({ poolSize: 2 });
      for (const outcome of ["commit", "rollback"] as const) {
        const key = `renewal:7:${outcome}`;
        let release!: () => void;
        const held = new Promise<void>((resolve) => (release = resolve));
        let inserted!: (id: number) => void;
        const insertedId = new Promise<number>((resolve) => (inserted = resolve));
        const first = db
          .transaction()
          .execute(async (trx) => {
            inserted(await enqueue(trx, renewal, payload, { key }));
            await held;
            if (outcome === "rollback") throw new Error("rolled back");
          })
          .catch(() => undefined);
        const firstId = await insertedId;
        const racing = enqueue(other.db, renewal, payload, { key });
        // The racing insert is blocked on the uncommitted row: PostgreSQL shows it waiting for a lock.
        await expect
          .poll(async () => {
            const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
              where wait_event_type = 'Lock' and datname = current_database()`.execute(db);
            return rows[0]!.n;
          })
          .toBeGreaterThan(0);
        release();
        await first;
        const racingId = await racing;
        if (outcome === "commit") expect(racingId).toBe(firstId);
        else expect(racingId).not.toBe(firstId);
        const rows = await db.selectFrom("jobs").select("id").where("unique_key", "=", key).execute();
        expect(rows.map((row) => row.id)).toEqual([racingId]);
      }
    },
  );
});

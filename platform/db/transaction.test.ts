// inTransaction (./transaction.ts): a transaction that lost a race (deadlock 40P01, serialization failure 40001)
// runs again, a bounded number of times, after a random pause below a growing ceiling; other errors are not
// retried. On PostgreSQL (TEST_DATABASE_URL set) two real transactions deadlock: a plain transaction fails with
// 40P01, the same work through inTransaction commits both.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUnitDatabase, type UnitDatabase } from "../../tests/helpers/unit-database.ts";
import type { Db } from "./connection.ts";
import { inTransaction, TRANSACTION_ATTEMPTS } from "./transaction.ts";

let database: UnitDatabase;
let db: Db;

beforeAll(async () => {
  database = await createUnitDatabase();
  db = database.handle.db;
  await sql`create table race_rows (id integer primary key, n integer not null)`.execute(db);
  await sql`insert into race_rows (id, n) values (1, 0), (2, 0)`.execute(db);
});
afterAll(() => database?.drop());

const lostRace = (code: string) => Object.assign(new Error(`lost a race (${code})`), { code });

function recordPauses() {
  const pauses: number[] = [];
  return { pauses, pause: async (ms: number) => void pauses.push(ms) };
}

describe("inTransaction", () => {
  it("runs a transaction that lost a race again, after a pause, and answers the run that committed", async () => {
    const { pauses, pause } = recordPauses();
    let runs = 0;
    const result = await inTransaction(
      db,
      async (trx) => {
        runs += 1;
        await sql`update race_rows set n = n + 1 where id = 1`.execute(trx);
        if (runs === 1) throw lostRace("40P01");
        if (runs === 2) throw lostRace("40001");
        return "committed";
      },
      { pause, random: () => 0.5 },
    );
    expect(result).toBe("committed");
    expect(runs).toBe(3);
    // The failed runs were rolled back: one increment is left.
    const row = await db
      .selectFrom("race_rows" as never)
      .select(sql<number>`n`.as("n"))
      .where(sql`id`, "=", 1)
      .executeTakeFirstOrThrow();
    expect(Number(row.n)).toBe(1);
    // Jitter under an exponential ceiling (random() = 0.5: half of 10, then of 20 ms).
    expect(pauses).toEqual([5, 10]);
  });

  it("does not run again for any other error (a unique violation, a refusal)", async () => {
    for (const error of [lostRace("23505"), new Error("not_found")]) {
      let runs = 0;
      await expect(
        inTransaction(db, async () => {
          runs += 1;
          throw error;
        }),
      ).rejects.toBe(error);
      expect(runs).toBe(1);
    }
  });

  it("gives up after a bounded number of runs and passes the last error on", async () => {
    const { pauses, pause } = recordPauses();
    let runs = 0;
    const error = lostRace("40P01");
    await expect(
      inTransaction(
        db,
        async () => {
          runs += 1;
          throw error;
        },
        { pause, random: () => 0.999 },
      ),
    ).rejects.toBe(error);
    expect(runs).toBe(TRANSACTION_ATTEMPTS);
    expect(pauses).toEqual([9, 19, 39, 79]);
  });

  it("inside a transaction, runs the work there (only the outermost transaction can run again)", async () => {
    let runs = 0;
    const error = lostRace("40001");
    await expect(
      db.transaction().execute((trx) =>
        inTransaction(trx, async () => {
          runs += 1;
          throw error;
        }),
      ),
    ).rejects.toBe(error);
    expect(runs).toBe(1);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("a real deadlock on PostgreSQL", () => {
  // Two transactions update rows 1 and 2 in opposite orders, each waiting until both hold their first row.
  async function crossedUpdates(run: (db: Db, work: (trx: Db) => Promise<void>) => Promise<void>) {
    const other = database.connect({ poolSize: 1 }).db;
    let holding = 0;
    let bothHold!: () => void;
    const bothHolding = new Promise<void>((resolve) => (bothHold = resolve));
    const crossed = (first: number, second: number) => async (trx: Db) => {
      await sql`update race_rows set n = n + 1 where id = ${first}`.execute(trx);
      if (++holding === 2) bothHold();
      await bothHolding;
      await sql`update race_rows set n = n + 1 where id = ${second}`.execute(trx);
    };
    await sql`update race_rows set n = 0`.execute(db);
    const results = await Promise.allSettled([run(db, crossed(1, 2)), run(other, crossed(2, 1))]);
    const rows = await sql<{ id: number; n: number }>`select id, n from race_rows order by id`.execute(db);
    return { results, counts: rows.rows.map((r) => Number(r.n)) };
  }

  it("a plain transaction loses it with 40P01", async () => {
    const { results, counts } = await crossedUpdates((db, work) => db.transaction().execute(work));
    const failed = results.filter((r) => r.status === "rejected");
    expect(failed).toHaveLength(1);
    expect((failed[0] as PromiseRejectedResult).reason).toMatchObject({ code: "40P01" });
    expect(counts).toEqual([1, 1]);
  });

  it("inTransaction runs the loser again, and both commit", async () => {
    const { results, counts } = await crossedUpdates((db, work) => inTransaction(db, work));
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled"]);
    expect(counts).toEqual([2, 2]);
  });
});

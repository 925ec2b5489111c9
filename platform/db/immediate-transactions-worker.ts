// One side of ./immediate-transactions.test.ts, run in a worker thread: a second connection to one SQLite file, as
// a second server process has. Each round it runs a transaction that reads a counter and writes it back plus one
// (the shape of castVote: read, then write what follows from it), in lockstep with the other worker so that the
// two transactions always overlap as far as the database lets them:
// - both start a round together (after both finished the last one);
// - after its read, a transaction waits for the other worker's read of this round, unless its own connection
//   already holds the write lock (BEGIN IMMEDIATE): then the other is blocked in its own begin, and waiting for
//   it would deadlock, so it only waits for the other to have started.
// With deferred transactions both read the same value and one write is refused (SQLITE_BUSY) in every round.
import { parentPort, workerData } from "node:worker_threads";
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import { openDatabase } from "./connection.ts";

export type WorkerInput = {
  file: string;
  /** "studium": openDatabase as the server opens it; "deferred": Kysely's own SQLite dialect. */
  mode: "studium" | "deferred";
  me: 0 | 1;
  rounds: number;
  /** Int32Array: [progress of worker 0, progress of worker 1, lock of the write-lock probe]. */
  shared: SharedArrayBuffer;
};
export type WorkerResult = { committed: number; busy: number; otherErrors: string[] };

const { file, mode, me, rounds, shared } = workerData as WorkerInput;
const state = new Int32Array(shared);
const other = 1 - me;
const PROBE_LOCK = 2;
// Progress is round * 4 + phase.
const BEGINNING = 1;
const READ = 2;
const DONE = 3;
const STALLED_MS = 10_000;

const db =
  mode === "studium"
    ? openDatabase({ kind: "sqlite", file }).db
    : new Kysely<any>({ dialect: new SqliteDialect({ database: sqliteConnection(5000) }) });
// Tells whether any connection holds the write lock: it tries to take it without waiting.
const probe = sqliteConnection(0);

function sqliteConnection(timeout: number) {
  const client = new SQLite(file, { timeout });
  client.pragma("journal_mode = WAL");
  return client;
}

function progress(round: number, phase: number) {
  Atomics.store(state, me, round * 4 + phase);
  Atomics.notify(state, me);
}

function waitForOther(round: number, phase: number) {
  const target = round * 4 + phase;
  for (;;) {
    const seen = Atomics.load(state, other);
    if (seen >= target) return;
    if (Atomics.wait(state, other, seen, STALLED_MS) === "timed-out") throw new Error("the other worker stalled");
  }
}

function writeLockHeld(): boolean {
  // One probe at a time: two probes at once would see each other's lock.
  while (Atomics.compareExchange(state, PROBE_LOCK, 0, 1) !== 0) Atomics.wait(state, PROBE_LOCK, 1, 100);
  try {
    probe.exec("begin immediate");
    probe.exec("rollback");
    return false;
  } catch (error) {
    if ((error as { code?: string }).code === "SQLITE_BUSY") return true;
    throw error;
  } finally {
    Atomics.store(state, PROBE_LOCK, 0);
    Atomics.notify(state, PROBE_LOCK);
  }
}

const result: WorkerResult = { committed: 0, busy: 0, otherErrors: [] };
for (let round = 1; round <= rounds; round++) {
  waitForOther(round - 1, DONE);
  progress(round, BEGINNING);
  try {
    await db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ n: number }>`select n from counter where id = 1`.execute(trx);
      progress(round, READ);
      waitForOther(round, writeLockHeld() ? BEGINNING : READ);
      await sql`update counter set n = ${rows[0]!.n + 1} where id = 1`.execute(trx);
    });
    result.committed++;
  } catch (error) {
    const code = (error as { code?: string }).code ?? "";
    if (code.startsWith("SQLITE_BUSY")) result.busy++;
    else result.otherErrors.push(String(error));
  }
  progress(round, DONE);
}
await db.destroy();
probe.close();
parentPort!.postMessage(result);

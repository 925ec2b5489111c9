// Two connections on one SQLite file (two worker threads, as two server processes would hold them) run
// read-then-write transactions against each other (./immediate-transactions-worker.ts). Kysely's own deferred
// `begin` loses one write to SQLITE_BUSY in every round; the database as openDatabase opens it (BEGIN IMMEDIATE,
// ./immediate-transactions.ts) loses none and counts every increment.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import SQLite from "better-sqlite3";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { WorkerInput, WorkerResult } from "./immediate-transactions-worker.ts";

const ROUNDS = 20;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "studium-immediate-"));
const file = path.join(dir, "counter.db");

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

beforeEach(() => {
  for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(file + suffix, { force: true });
  const client = new SQLite(file);
  client.pragma("journal_mode = WAL");
  client.exec("create table counter (id integer primary key, n integer not null); insert into counter values (1, 0)");
  client.close();
});

function counter(): number {
  const client = new SQLite(file, { readonly: true });
  try {
    return (client.prepare("select n from counter where id = 1").get() as { n: number }).n;
  } finally {
    client.close();
  }
}

async function race(mode: WorkerInput["mode"]): Promise<WorkerResult[]> {
  const shared = new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT);
  // Both workers start as if round 0 were done.
  new Int32Array(shared).set([3, 3, 0]);
  const run = (me: 0 | 1) =>
    new Promise<WorkerResult>((resolve, reject) => {
      const workerData: WorkerInput = { file, mode, me, rounds: ROUNDS, shared };
      const worker = new Worker(new URL("./immediate-transactions-worker.ts", import.meta.url), { workerData });
      worker.once("message", resolve);
      worker.once("error", reject);
      worker.once("exit", (code) => reject(new Error(`worker exited with ${code}`)));
    });
  return Promise.all([run(0), run(1)]);
}

describe("SQLite transactions from two connections", () => {
  it("with Kysely's deferred begin, one read-then-write transaction of every overlapping pair fails", async () => {
    const results = await race("deferred");
    expect(results.flatMap((r) => r.otherErrors)).toEqual([]);
    expect(results[0]!.busy + results[1]!.busy).toBe(ROUNDS);
    expect(counter()).toBe(ROUNDS);
  });

  it("as openDatabase opens it (BEGIN IMMEDIATE), none fails and no increment is lost", async () => {
    const results = await race("studium");
    expect(results.flatMap((r) => r.otherErrors)).toEqual([]);
    expect(results.map((r) => r.busy)).toEqual([0, 0]);
    expect(results.map((r) => r.committed)).toEqual([ROUNDS, ROUNDS]);
    expect(counter()).toBe(2 * ROUNDS);
  });
});

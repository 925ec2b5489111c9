// Dedicated workers (`npm run worker`, server/worker-main.ts) as real processes on one database: they run the
// queued jobs and claim the schedules' slots so that each slot runs exactly once across processes, and they stop
// gracefully on SIGTERM (the running handler finishes first). SQLite, or PostgreSQL when TEST_DATABASE_URL is set.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type DbHandle, openDatabase } from "#platform/db/connection.ts";
import { enqueue } from "#platform/jobs/queue.ts";
import { sendMailJob } from "#platform/mail/mail-job.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database.ts";
import { type LogLine, TEST_SECRET_KEY, waitFor } from "../helpers/test-server.ts";
import { holdJob } from "../helpers/worker-test-jobs.ts";

const root = path.resolve(import.meta.dirname, "../..");

type WorkerProcess = { child: ChildProcess; logs: LogLine[]; output(): string; exited: Promise<number | null> };

let database: TestDatabase;
let handle: DbHandle;
const started: WorkerProcess[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  handle = openDatabase(
    database.url.startsWith("postgres")
      ? { kind: "postgres", url: database.url }
      : { kind: "sqlite", file: database.url },
    { poolSize: 2 },
  );
});
afterEach(async () => {
  for (const worker of started.splice(0)) {
    if (worker.child.exitCode === null && worker.child.signalCode === null) worker.child.kill("SIGKILL");
    await worker.exited;
  }
  await handle.db.deleteFrom("jobs").execute();
});
afterAll(async () => {
  await handle?.close();
  await database?.drop();
});

async function startWorker(script: string, env: Record<string, string> = {}): Promise<WorkerProcess> {
  const child = spawn(process.execPath, [path.join(root, script)], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "test",
      DATA_DIR: database.dataDir,
      DATABASE_URL: database.url,
      LOG_LEVEL: "info",
      SECRET_KEY: TEST_SECRET_KEY,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs: LogLine[] = [];
  let output = "";
  let buffer = "";
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stdout!.on("data", (chunk: Buffer) => {
    output += chunk.toString();
    buffer += chunk.toString();
    let newline: number;
    while ((newline = buffer.indexOf("\n")) >= 0) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      try {
        logs.push(JSON.parse(line) as LogLine);
      } catch {
        // not a log line
      }
    }
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const worker = { child, logs, output: () => output, exited };
  started.push(worker);
  await Promise.race([
    waitFor(() => logs.some((line) => line.msg === "job worker started"), { timeoutMs: 30_000 }),
    exited.then((code) => Promise.reject(new Error(`worker exited with ${code}:\n${output}`))),
  ]);
  return worker;
}

const jobs = () => handle.db.selectFrom("jobs").selectAll().orderBy("id").execute();

describe("npm run worker", () => {
  it("two dedicated workers run the queue and claim each schedule's slot once; SIGTERM stops them cleanly", async () => {
    const workers = [await startWorker("server/worker-main.ts"), await startWorker("server/worker-main.ts")];
    const id = await enqueue(handle.db, sendMailJob, { to: "w@example.com", subject: "From a worker", text: "x" });
    await waitFor(() =>
      handle.db.selectFrom("mails").select("id").where("subject", "=", "From a worker").executeTakeFirst(),
    );
    await waitFor(async () => (await jobs()).find((job) => job.id === id)?.status === "done");
    // The school's schedules: payment re-checks, membership renewals and mails, the exams' deadline sweep, media
    // maintenance and the comment video sweep, the drip release's unlock mails, the accesses' ends, the
    // expired lead confirmations, the queue's upkeep, each claimed for the current slot by one of the
    // two and run once.
    const scheduled = await waitFor(async () => {
      const rows = (await jobs()).filter((job) => job.unique_key?.startsWith("schedule:"));
      const names = new Set(rows.map((job) => job.type));
      return names.size === 11 && rows.every((job) => job.status === "done") ? rows : undefined;
    });
    expect(new Set(scheduled.map((job) => job.type))).toEqual(
      new Set([
        "payments.recheck_pending",
        "memberships.renewals",
        "exams.close_expired",
        "memberships.notices",
        "learning.drip",
        "learning.access_endings",
        "leads.purge_unconfirmed",
        "media.maintenance",
        "media.comment_video_sweep",
        "jobs.recover_stale",
        "jobs.delete_done",
      ]),
    );
    expect(scheduled.every((job) => job.attempts === 1)).toBe(true);
    for (const worker of workers) worker.child.kill("SIGTERM");
    expect(await Promise.all(workers.map((worker) => worker.exited))).toEqual([0, 0]);
    for (const worker of workers) expect(worker.logs.some((line) => line.msg === "job worker stopped")).toBe(true);
    // No HTTP server in a worker.
    for (const worker of workers) expect(worker.logs.some((line) => line.msg === "Studium is listening")).toBe(false);
  });
});

describe("schedule slots across processes", () => {
  it("two worker processes on one database run each one-second slot exactly once", async () => {
    const runsFile = path.join(database.dataDir, `tick-runs-${Date.now()}.txt`);
    fs.writeFileSync(runsFile, "");
    const env = { WORKER_TEST_RUNS: runsFile, WORKER_TEST_RELEASE: path.join(database.dataDir, "never") };
    const workers = await Promise.all([
      startWorker("tests/helpers/worker-child.ts", env),
      startWorker("tests/helpers/worker-child.ts", env),
    ]);
    const lines = () => fs.readFileSync(runsFile, "utf8").split("\n").filter(Boolean);
    // Both processes polling (every 100 ms) through at least five slots.
    await waitFor(() => new Set(lines().map((line) => line.split(" ")[0])).size >= 5, { timeoutMs: 20_000 });
    for (const worker of workers) worker.child.kill("SIGTERM");
    expect(await Promise.all(workers.map((worker) => worker.exited))).toEqual([0, 0]);

    const slots = lines().map((line) => line.split(" ")[0]!);
    expect(slots.length).toBe(new Set(slots).size);
    const done = (await jobs()).filter((job) => job.type === "test.tick" && job.status === "done");
    expect(done.map((job) => job.unique_key).sort()).toEqual(slots.map((slot) => `schedule:test.tick:${slot}`).sort());
    expect(done.every((job) => job.attempts === 1)).toBe(true);
  });
});

describe("graceful stop", () => {
  it("on SIGTERM a worker claims nothing more, lets its running handler finish, then exits 0", async () => {
    const releaseFile = path.join(database.dataDir, `release-${Date.now()}`);
    const worker = await startWorker("tests/helpers/worker-child.ts", {
      WORKER_TEST_RUNS: path.join(database.dataDir, "runs-unused.txt"),
      WORKER_TEST_RELEASE: releaseFile,
    });
    const held = await enqueue(handle.db, holdJob, {});
    const row = (jobId: number) =>
      handle.db.selectFrom("jobs").selectAll().where("id", "=", jobId).executeTakeFirstOrThrow();
    await waitFor(async () => (await row(held)).status === "running");
    worker.child.kill("SIGTERM");
    await waitFor(() => worker.logs.some((line) => line.msg === "job worker stopping"));
    const later = await enqueue(handle.db, sendMailJob, { to: "l@example.com", subject: "Later", text: "x" });
    // Still running: the handler holds the process.
    expect(worker.child.exitCode).toBeNull();
    expect((await row(held)).status).toBe("running");
    fs.writeFileSync(releaseFile, "");
    expect(await worker.exited).toBe(0);
    expect((await row(held)).status).toBe("done");
    expect(await row(later)).toMatchObject({ status: "pending", attempts: 0 });
  });
});

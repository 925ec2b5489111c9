// Scheduled jobs: each time slot is claimed once in the database, so exactly one of several workers runs it; a
// slot missed while no worker ran is made up once. The clock is a test clock that the test moves. SQLite in a
// temporary folder, or PostgreSQL when TEST_DATABASE_URL is set.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { createUnitDatabase, type UnitDatabase } from "#tests/helpers/unit-database.ts";
import type { Db } from "../db/connection.ts";
import { defineJob, registerJob, type Logger } from "./define-job.ts";
import { createScheduler, defineSchedule, slotKey, slotStart } from "./schedule.ts";
import { createWorker } from "./worker.ts";

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
const MINUTE = 60_000;
const at = (iso: string) => Date.parse(iso);

function testClock(start: string) {
  let time = at(start);
  return { now: () => time, set: (iso: string) => void (time = at(iso)) };
}

type Run = { slot: string; worker: string };

const tickJob = defineJob({
  name: "test.tick",
  payload: z.object({ slot: z.string() }),
  handler: (deps: { runs: Run[]; worker: string; fail?: () => boolean }) => async (payload) => {
    deps.runs.push({ slot: payload.slot, worker: deps.worker });
    if (deps.fail?.()) throw new Error("tick failed");
  },
});

const everyMinute = defineSchedule({
  name: "test.tick",
  every: MINUTE,
  job: tickJob,
  payload: ({ start }) => ({ slot: start }),
});

function workerOn(
  handle: { db: Db; dialect: "sqlite" | "postgres" },
  clock: { now(): number },
  runs: Run[],
  name: string,
  fail?: () => boolean,
) {
  return createWorker({
    db: handle.db,
    dialect: handle.dialect,
    jobs: [registerJob(tickJob, { runs, worker: name, fail })],
    schedules: [everyMinute],
    log: silent,
    now: clock.now,
    workerId: name,
  });
}

const scheduledJobs = () =>
  db.selectFrom("jobs").select(["unique_key", "status", "attempts", "run_at"]).orderBy("id").execute();

describe("slots", () => {
  it("cuts time into slots of `every` ms from the epoch, in UTC", () => {
    expect(new Date(slotStart(MINUTE, at("2026-11-27T12:03:59.999Z"))).toISOString()).toBe("2026-11-27T12:03:00.000Z");
    expect(new Date(slotStart(3600_000, at("2026-11-27T12:59:00Z"))).toISOString()).toBe("2026-11-27T12:00:00.000Z");
    expect(slotKey("payments.recheck_pending", at("2026-11-27T12:03:00Z"))).toBe(
      "schedule:payments.recheck_pending:2026-11-27T12:03:00.000Z",
    );
  });

  it("refuses a slot shorter than a second, and a schedule whose job the worker does not run", () => {
    expect(() => defineSchedule({ name: "x", every: 500, job: tickJob })).toThrow(/at least 1000/);
    expect(() =>
      createWorker({ db, dialect: database.handle.dialect, jobs: [], schedules: [everyMinute], log: silent }),
    ).toThrow("schedule 'test.tick' runs job 'test.tick', which is not registered");
  });
});

describe("each slot runs once", () => {
  it("two workers on one database, polling side by side: every slot is claimed and run by exactly one", async () => {
    const clock = testClock("2026-11-27T12:00:05Z");
    const runs: Run[] = [];
    const a = workerOn(database.handle, clock, runs, "a");
    const other = database.connect({ poolSize: 3 });
    const b = workerOn(other, clock, runs, "b");
    const slots: string[] = [];
    for (let minute = 0; minute < 6; minute++) {
      clock.set(`2026-11-27T12:0${minute}:${minute % 2 ? "59" : "05"}Z`);
      slots.push(`2026-11-27T12:0${minute}:00.000Z`);
      // Each worker polls a few times in the slot, both at once.
      for (let poll = 0; poll < 3; poll++) await Promise.all([a.runOnce(), b.runOnce()]);
    }
    expect(runs.map((run) => run.slot).sort()).toEqual(slots);
    const rows = await scheduledJobs();
    expect(rows.map((row) => row.unique_key)).toEqual(slots.map((slot) => `schedule:test.tick:${slot}`));
    expect(rows.every((row) => row.status === "done" && row.attempts === 1)).toBe(true);
  });

  it("the scheduler claims a slot once however often it ticks, and says which slots it claimed", async () => {
    const clock = testClock("2026-11-27T12:03:10Z");
    const a = createScheduler({ db, schedules: [everyMinute], log: silent, now: clock.now });
    const b = createScheduler({ db, schedules: [everyMinute], log: silent, now: clock.now });
    const first = await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
    expect(first.flat()).toEqual(["schedule:test.tick:2026-11-27T12:03:00.000Z"]);
    clock.set("2026-11-27T12:03:59Z");
    expect([...(await a.tick()), ...(await b.tick())]).toEqual([]);
    clock.set("2026-11-27T12:04:00Z");
    expect([...(await b.tick()), ...(await a.tick())]).toEqual(["schedule:test.tick:2026-11-27T12:04:00.000Z"]);
    // The job is due at the time it was claimed.
    expect((await scheduledJobs()).map((row) => row.run_at)).toEqual([
      "2026-11-27T12:03:10.000Z",
      "2026-11-27T12:04:00.000Z",
    ]);
  });

  it("slots missed while no worker ran are made up once, not once each", async () => {
    const clock = testClock("2026-11-27T12:00:10Z");
    const runs: Run[] = [];
    await workerOn(database.handle, clock, runs, "a").runOnce();
    // Every worker stopped for five minutes; one comes back at 12:05:30.
    clock.set("2026-11-27T12:05:30Z");
    const back = workerOn(database.handle, clock, runs, "back");
    await back.runOnce();
    await back.runOnce();
    expect(runs.map((run) => run.slot)).toEqual(["2026-11-27T12:00:00.000Z", "2026-11-27T12:05:00.000Z"]);
    expect(await scheduledJobs()).toHaveLength(2);
  });

  it("a failed slot is not retried: it is kept as failed and the next slot runs", async () => {
    const clock = testClock("2026-11-27T12:00:10Z");
    const runs: Run[] = [];
    let failing = true;
    const worker = workerOn(database.handle, clock, runs, "a", () => failing);
    await worker.runOnce();
    clock.set("2026-11-27T12:00:50Z");
    await worker.runOnce();
    failing = false;
    clock.set("2026-11-27T12:01:01Z");
    await worker.runOnce();
    expect(runs.map((run) => run.slot)).toEqual(["2026-11-27T12:00:00.000Z", "2026-11-27T12:01:00.000Z"]);
    expect((await scheduledJobs()).map((row) => [row.status, row.attempts])).toEqual([
      ["failed", 1],
      ["done", 1],
    ]);
  });
});

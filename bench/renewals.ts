// Membership renewals per second through the built-in test provider (issue 15, item 12): N memberships whose
// period has ended are queued by the renewal scan, then job workers renew them (claim the period's charge, charge
// the saved test token, record the paid period); the clock starts when the workers start and stops when every
// period is recorded as paid. Checks that each membership was charged exactly once (exit code 1 otherwise).
// One worker on SQLite, two on PostgreSQL (each with its own connection pool, in this process: the queue's
// claim is the same FOR UPDATE SKIP LOCKED as between processes).
// Usage: node bench/renewals.ts [-- --memberships 1000 --engine sqlite|postgres|both]
//   PostgreSQL: TEST_DATABASE_URL (or DATABASE_URL; default postgres://postgres@127.0.0.1:5432/test).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import { renewMembershipJob } from "#core/memberships/jobs.ts";
import { scanRenewals } from "#core/memberships/scan-renewals.ts";
import { testCardToken, testTokenCharger } from "#core/memberships/test-billing.ts";
import { type DbHandle, openDatabase } from "#platform/db/connection.ts";
import { migrateToLatest } from "#platform/db/migrate.ts";
import { registerJob } from "#platform/jobs/define-job.ts";
import { createWorker } from "#platform/jobs/worker.ts";
import { freshPostgresDatabase } from "./lib.ts";

const { values } = parseArgs({
  options: {
    memberships: { type: "string", default: "1000" },
    engine: { type: "string", default: "both" },
  },
});
const count = Number(values.memberships);
const quiet = { info() {}, warn() {}, error: (obj: object, msg?: string) => console.error(msg, obj) };
const chargers = { get: (name: string) => (name === "test" ? testTokenCharger : null) };

async function arrange(handle: DbHandle, now: string) {
  const { db } = handle;
  await migrateToLatest(handle);
  const user = await db
    .insertInto("users")
    .values({
      name: "Bench",
      email: "bench@example.com",
      password_hash: "x",
      role: "student",
      email_notifications: "{}",
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const plan = await db
    .insertInto("membership_plans")
    .values({
      name: "Bench plan",
      price_cents: 4900,
      currency: "PLN",
      period_months: 1,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const started = new Date(Date.parse(now) - 40 * 86_400_000).toISOString();
  const ended = new Date(Date.parse(now) - 60_000).toISOString();
  for (let i = 0; i < count; i += 500) {
    const rows = Array.from({ length: Math.min(500, count - i) }, () => ({
      user_id: user.id,
      plan_id: plan.id,
      status: "active" as const,
      price_cents: 4900,
      vat_rate: 23,
      currency: "PLN",
      period_months: 1 as const,
      period_number: 1,
      started_at: started,
      current_period_start: started,
      current_period_end: ended,
      provider: "test",
      checkout_hash: randomUUID(),
      provider_token: testCardToken("ok"),
      created_at: started,
      updated_at: started,
    }));
    await db.insertInto("memberships").values(rows).execute();
  }
}

async function run(engine: "sqlite" | "postgres", workers: number) {
  const now = new Date().toISOString();
  let handles: DbHandle[];
  let cleanup: () => Promise<void>;
  if (engine === "sqlite") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-renewals-"));
    const file = path.join(dir, "studium.db");
    handles = Array.from({ length: workers }, () => openDatabase({ kind: "sqlite", file }));
    cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
  } else {
    const pg = await freshPostgresDatabase("bench_renewals");
    handles = Array.from({ length: workers }, () => openDatabase({ kind: "postgres", url: pg.url }));
    cleanup = pg.drop;
  }
  await arrange(handles[0]!, now);
  const db = handles[0]!.db;
  let queued = 0;
  const scanStart = performance.now();
  queued += (await scanRenewals(db, now)).queued;
  const scanMs = performance.now() - scanStart;

  const started = performance.now();
  const running = handles.map((handle) =>
    createWorker({
      db: handle.db,
      dialect: handle.dialect,
      jobs: [registerJob(renewMembershipJob, { chargers })],
      log: quiet,
      pollIntervalMs: 20,
      batchSize: 20,
    }),
  );
  for (const worker of running) worker.start();
  for (;;) {
    const paid = await db
      .selectFrom("membership_charges")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "=", "succeeded")
      .where("period_number", "=", 2)
      .executeTakeFirstOrThrow();
    if (Number(paid.n) >= count) break;
    // As the schedule does every minute: a scan queues at most RENEWAL_SCAN_BATCH, the next one the rest.
    queued += (await scanRenewals(db, now)).queued;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(running.map((worker) => worker.stop()));
  const charges = await db
    .selectFrom("membership_charges")
    .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.sum<number>("attempts").as("attempts")])
    .executeTakeFirstOrThrow();
  const renewed = await db
    .selectFrom("memberships")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("period_number", "=", 2)
    .executeTakeFirstOrThrow();
  for (const handle of handles) await handle.close();
  await cleanup();
  const once = Number(charges.n) === count && Number(charges.attempts) === count && Number(renewed.n) === count;
  return { engine, workers, queued, scanMs, seconds, rate: count / seconds, once };
}

const engines = values.engine === "both" ? (["sqlite", "postgres"] as const) : [values.engine as "sqlite" | "postgres"];
let ok = true;
console.log(`| engine | workers | memberships | scan ms | renewals/s | each charged once |`);
console.log(`|---|---:|---:|---:|---:|---|`);
for (const engine of engines) {
  const result = await run(engine, engine === "sqlite" ? 1 : 2);
  ok &&= result.once;
  console.log(
    `| ${result.engine} | ${result.workers} | ${count} | ${Math.round(result.scanMs)} | ${Math.round(result.rate)} | ${result.once ? "yes" : "NO"} |`,
  );
}
process.exit(ok ? 0 : 1);

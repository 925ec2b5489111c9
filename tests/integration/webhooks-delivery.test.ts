// Outgoing webhooks' delivery (issue 18, items 6 and 11), on a real database (SQLite, or PostgreSQL with
// TEST_DATABASE_URL) and a local receiver, running the delivery use-case with an injected clock: the signature
// verifies with the Standard Webhooks reference library; a 500 and a timeout are retried on the specification's
// schedule and the delivery fails after the eighth attempt; an endpoint failing for 5 days is switched off and the
// owner told; loopback, private, link-local and metadata targets are refused at connection time (SECURITY.md
// figure 13), a name that resolves to 127.0.0.1 included.
import type { LookupFunction } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { deliverWebhook } from "#core/webhooks/deliver-webhook.ts";
import type { DeliverySettings } from "#core/webhooks/delivery-settings.ts";
import { emitWebhookEvent } from "#core/webhooks/emit-event.ts";
import { newSigningSecret, sealSecret } from "#core/webhooks/endpoint-records.ts";
import { DISABLE_AFTER_FAILING_MS, MAX_ATTEMPTS, RETRY_DELAYS_MS } from "#core/webhooks/retry-schedule.ts";
import { sendWebhook } from "#core/webhooks/send-webhook.ts";
import type { Db } from "#platform/db/connection.ts";
import { createUnitDatabase, type UnitDatabase } from "../helpers/unit-database.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../helpers/webhook-receiver.ts";

const serverSecret = Buffer.from("webhook-test-secret-webhook-test-secret", "utf8");
let database: UnitDatabase;
let db: Db;
let receiver: WebhookReceiver;
// The injected clock: starts at the real time of each test (events are queued at it), then moved by the test.
let clock = Date.now();

beforeAll(async () => {
  database = await createUnitDatabase();
  db = database.handle.db;
  receiver = await startWebhookReceiver();
  await db
    .insertInto("users")
    .values({
      email: "owner@example.com",
      name: "Olga Owner",
      password_hash: "x",
      role: "admin",
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    } as never)
    .execute();
});
afterAll(async () => {
  await receiver?.close();
  await database?.drop();
});
beforeEach(() => {
  clock = Date.now();
});
afterEach(async () => {
  receiver.answer = 200;
  receiver.received.length = 0;
  // Each test starts with no endpoint and no delivery job left by another.
  await db.deleteFrom("jobs").execute();
  await db.deleteFrom("webhook_endpoints").execute();
});

const settings = (extra: Partial<DeliverySettings> = {}): DeliverySettings => ({
  serverSecret,
  timeoutMs: 2000,
  allowLoopback: true,
  now: () => clock,
  ...extra,
});

async function addEndpoint(events: string[] = ["order.paid"], url = receiver.url) {
  const secret = newSigningSecret();
  const now = new Date(clock).toISOString();
  const row = await db
    .insertInto("webhook_endpoints")
    .values({
      url,
      events: JSON.stringify(events),
      secret: sealSecret(serverSecret, secret),
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, secret };
}

/** The delivery jobs due at the injected clock, oldest first (what the worker would claim). */
async function dueJobs() {
  const rows = await db
    .selectFrom("jobs")
    .select(["id", "payload", "run_at"])
    .where("type", "=", "webhook.deliver")
    .where("status", "=", "pending")
    // Events are queued at the real time, a moment after the test set its clock.
    .where("run_at", "<=", new Date(Math.max(clock, Date.now())).toISOString())
    .orderBy("id")
    .execute();
  return rows.map((row) => ({ id: row.id, payload: JSON.parse(row.payload), runAt: row.run_at }));
}

/** Runs the due delivery jobs as the worker would, marking each done. */
async function runDue(extra: Partial<DeliverySettings> = {}) {
  const outcomes = [];
  for (const job of await dueJobs()) {
    outcomes.push(await deliverWebhook(db, job.payload, settings(extra)));
    await db.updateTable("jobs").set({ status: "done" }).where("id", "=", job.id).execute();
  }
  return outcomes;
}

async function delivery(id: number) {
  return db.selectFrom("webhook_deliveries").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

describe("signing", () => {
  it("sends the Standard Webhooks headers, and the reference library verifies them", async () => {
    const endpoint = await addEndpoint(["order.paid"]);
    const [id] = await db
      .transaction()
      .execute((trx) => emitWebhookEvent(trx, "order.paid", { transaction: { id: 7, total_cents: 4900 } }));
    // Only the endpoint that chose the event gets it.
    await addEndpoint(["student.created"]);
    expect(await runDue()).toEqual(["sent"]);
    expect(receiver.received).toHaveLength(1);
    const { headers, body } = receiver.received[0]!;
    expect(headers["webhook-id"]).toMatch(/^msg_/);
    expect(headers["webhook-signature"]).toMatch(/^v1,/);
    const verified = new Webhook(endpoint.secret).verify(body, {
      "webhook-id": String(headers["webhook-id"]),
      "webhook-timestamp": String(headers["webhook-timestamp"]),
      "webhook-signature": String(headers["webhook-signature"]),
    }) as { type: string; data: { transaction: { id: number } } };
    expect(verified.type).toBe("order.paid");
    expect(verified.data.transaction.id).toBe(7);
    // Another secret does not verify it.
    expect(() =>
      new Webhook(newSigningSecret()).verify(body, {
        "webhook-id": String(headers["webhook-id"]),
        "webhook-timestamp": String(headers["webhook-timestamp"]),
        "webhook-signature": String(headers["webhook-signature"]),
      }),
    ).toThrow();
    const row = await delivery(id!);
    expect(row).toMatchObject({ status: "succeeded", attempts: 1, response_status: 200, response_body: "thanks" });
    // A re-run of the same attempt (the job ran again after its commit) sends nothing more.
    expect(await deliverWebhook(db, { deliveryId: id!, attempt: 1 }, settings())).toBe("skipped");
    expect(receiver.received).toHaveLength(1);
  });
});

describe("retries", () => {
  it("retries a 500 on the specification's schedule, then fails after the eighth attempt", async () => {
    await addEndpoint(["order.refunded"]);
    const [id] = await db.transaction().execute((trx) => emitWebhookEvent(trx, "order.refunded", { n: 1 }));
    receiver.answer = 500;
    const waits: number[] = [];
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const before = clock;
      expect(await runDue()).toEqual([attempt < MAX_ATTEMPTS ? "retrying" : "failed"]);
      const row = await delivery(id!);
      expect(row.attempts).toBe(attempt);
      if (attempt === MAX_ATTEMPTS) break;
      // Not due a millisecond before its time.
      const next = Date.parse(row.next_attempt_at!);
      waits.push(next - before);
      clock = next - 1;
      expect(await runDue()).toEqual([]);
      clock = next;
    }
    expect(waits).toEqual(RETRY_DELAYS_MS);
    expect(receiver.received).toHaveLength(MAX_ATTEMPTS);
    // Every attempt carries the same message id.
    expect(new Set(receiver.received.map((r) => r.headers["webhook-id"])).size).toBe(1);
    expect(await delivery(id!)).toMatchObject({ status: "failed", response_status: 500, next_attempt_at: null });
  });

  it("counts a receiver that does not answer in time as a failed attempt, and retries it", async () => {
    await addEndpoint(["exam.passed"]);
    const [id] = await db.transaction().execute((trx) => emitWebhookEvent(trx, "exam.passed", { n: 2 }));
    receiver.answer = "hang";
    expect(await runDue({ timeoutMs: 300 })).toEqual(["retrying"]);
    const row = await delivery(id!);
    expect(row.error).toMatch(/timed out/);
    expect(row.response_status).toBeNull();
    receiver.answer = 200;
    clock = Date.parse(row.next_attempt_at!);
    expect(await runDue()).toEqual(["sent"]);
    expect(await delivery(id!)).toMatchObject({ status: "succeeded", attempts: 2 });
  });
});

describe("switching off a failing endpoint", () => {
  it("switches off an endpoint without success for 5 days when a delivery fails for good, and mails the owner", async () => {
    const endpoint = await addEndpoint(["course.completed"]);
    receiver.answer = 503;
    const start = clock;
    await db.transaction().execute((trx) => emitWebhookEvent(trx, "course.completed", { n: 1 }));
    // The first delivery fails for good after ~27.5 hours: not yet 5 days, the endpoint stays on.
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      await runDue();
      const next = await dueJobs();
      if (next.length === 0) {
        const rows = await db.selectFrom("jobs").select("run_at").where("status", "=", "pending").execute();
        if (rows.length) clock = Math.max(...rows.map((r) => Date.parse(r.run_at)));
      }
    }
    let row = await db
      .selectFrom("webhook_endpoints")
      .selectAll()
      .where("id", "=", endpoint.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ enabled: 1, failed_deliveries: 1 });
    // Days later another event fails all its attempts: the endpoint has failed for over 5 days.
    clock = start + DISABLE_AFTER_FAILING_MS - 20 * 60 * 60 * 1000;
    await db.transaction().execute((trx) => emitWebhookEvent(trx, "course.completed", { n: 2 }));
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      await runDue();
      const rows = await db
        .selectFrom("jobs")
        .select("run_at")
        .where("type", "=", "webhook.deliver")
        .where("status", "=", "pending")
        .execute();
      if (rows.length) clock = Math.max(...rows.map((r) => Date.parse(r.run_at)));
    }
    row = await db.selectFrom("webhook_endpoints").selectAll().where("id", "=", endpoint.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ enabled: 0, disabled_reason: "failures", failed_deliveries: 2 });
    const mails = await db.selectFrom("jobs").select("payload").where("type", "=", "mail.send").execute();
    expect(
      mails.filter((m) => m.payload.includes("owner@example.com") && m.payload.includes(receiver.url)),
    ).toHaveLength(1);
    // A switched-off endpoint gets no new events.
    expect(await db.transaction().execute((trx) => emitWebhookEvent(trx, "course.completed", { n: 3 }))).toEqual([]);
  });
});

describe("refused targets (SECURITY.md figure 13)", () => {
  const base = {
    signingSecret: newSigningSecret(),
    messageId: "msg_x",
    payload: "{}",
    at: new Date(),
    timeoutMs: 2000,
  };
  for (const target of [
    "http://127.0.0.1:{port}/hooks",
    "http://169.254.169.254/latest/meta-data/",
    "http://[::1]:{port}/hooks",
    "http://10.0.0.1/hooks",
    "http://192.168.1.10/hooks",
    "http://0.0.0.0:{port}/hooks",
  ]) {
    it(`refuses ${target}`, async () => {
      const result = await sendWebhook({ ...base, url: target.replace("{port}", String(receiver.port)) });
      expect(result.ok).toBe(false);
      expect(result.error).toMatch(/not allowed/);
      expect(receiver.received).toHaveLength(0);
    });
  }

  it("refuses a public-looking name whose DNS answer is 127.0.0.1 (rebinding), checked when connecting", async () => {
    // The resolver answers a public address first (as when the endpoint was saved), then 127.0.0.1.
    const answers = ["93.184.216.34", "127.0.0.1"];
    const rebinding: LookupFunction = (_hostname, options, callback) => {
      const address = answers.length > 1 ? answers.shift()! : answers[0]!;
      if ((options as { all?: boolean }).all) (callback as any)(null, [{ address, family: 4 }]);
      else (callback as any)(null, address, 4);
    };
    answers.shift();
    const result = await sendWebhook({
      ...base,
      url: `http://hooks.example.com:${receiver.port}/hooks`,
      lookup: rebinding,
    });
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(/127\.0\.0\.1.*not allowed/);
    expect(receiver.received).toHaveLength(0);
  });

  it("reaches the same receiver by name only with the tests' loopback setting", async () => {
    const toLoopback: LookupFunction = (_hostname, options, callback) => {
      if ((options as { all?: boolean }).all) (callback as any)(null, [{ address: "127.0.0.1", family: 4 }]);
      else (callback as any)(null, "127.0.0.1", 4);
    };
    const result = await sendWebhook({
      ...base,
      url: `http://hooks.example.com:${receiver.port}/hooks`,
      lookup: toLoopback,
      allowLoopback: true,
    });
    expect(result.ok).toBe(true);
    expect(receiver.received).toHaveLength(1);
  });

  it("records a refused target as a failed attempt with the reason", async () => {
    const endpoint = await addEndpoint(["lecture.completed"], "http://169.254.169.254/hooks");
    const [id] = await db.transaction().execute((trx) => emitWebhookEvent(trx, "lecture.completed", { n: 1 }));
    expect(await runDue({ allowLoopback: false })).toEqual(["retrying"]);
    expect((await delivery(id!)).error).toMatch(/not allowed/);
    await db.deleteFrom("webhook_endpoints").where("id", "=", endpoint.id).execute();
  });
});

// Outgoing webhooks through the real server (issue 18, items 6 and 11): the admin's endpoints over HTTP (admins
// only; a valid address and at least one event; the secret shown once, rotated; switched off and on; deleted by
// typing DELETE), events emitted by the school's use-cases reaching a local receiver signed so that the Standard
// Webhooks reference library verifies them, the delivery log with request and answer, a test event, redelivery,
// and at least once: a server killed after sending and before recording sends the same message again on restart.
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recoverStaleJobs } from "#platform/jobs/worker.ts";
import { visitor } from "../helpers/accounts.ts";
import type { BrowserClient } from "../helpers/browser-client.ts";
import { registerStudent, setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer, waitFor } from "../helpers/test-server.ts";
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from "../helpers/webhook-receiver.ts";

const LOOPBACK = { WEBHOOKS_ALLOW_LOOPBACK: "1" };
let server: TestServer;
let receiver: WebhookReceiver;
let admin: BrowserClient;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  server = await startTestServer(LOOPBACK);
  admin = await setUpSchool(server, { language: "en" });
});
afterAll(async () => {
  await server?.stop();
  await receiver?.close();
});

function verify(secret: string, message: ReceivedWebhook) {
  return new Webhook(secret).verify(message.body, {
    "webhook-id": String(message.headers["webhook-id"]),
    "webhook-timestamp": String(message.headers["webhook-timestamp"]),
    "webhook-signature": String(message.headers["webhook-signature"]),
  }) as { type: string; data: Record<string, any> };
}

const ofType = (type: string) => receiver.received.filter((r) => JSON.parse(r.body).type === type);

describe("who may manage webhooks", () => {
  it("refuses visitors (401) and students (403)", async () => {
    const student = await registerStudent(server, {
      name: "Nosy Student",
      email: "nosy@example.com",
      password: "nosy-secret",
    });
    expect((await student.json("GET", "/home/webhooks")).status).toBe(403);
    expect((await student.post("/home/webhooks", { url: receiver.url, events: ["order.paid"] })).status).toBe(403);
    expect((await (await visitor(server)).json("GET", "/home/webhooks")).status).toBe(401);
  });
});

describe("an endpoint's life", () => {
  let id: number;
  let secret: string;

  it("checks the address and the events", async () => {
    const bad = await admin.post("/home/webhooks", { url: "ftp://example.com/x", events: [] });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.fields ?? bad.body.errors ?? {})).toEqual(expect.arrayContaining(["url", "events"]));
    const unknown = await admin.post("/home/webhooks", { url: receiver.url, events: ["order.stolen"] });
    expect(unknown.status).toBe(422);
  });

  it("is added with a secret shown once, and a new student reaches it signed", async () => {
    const created = await admin.post("/home/webhooks", {
      url: receiver.url,
      description: "CRM",
      events: ["student.created"],
    });
    expect(created.status).toBe(200);
    secret = created.body.secret;
    id = created.body.endpoint.id;
    expect(secret).toMatch(/^whsec_/);
    // Never again: not in the list, not in the endpoint's page data, not stored in clear.
    const listed = await admin.json("GET", "/home/webhooks");
    expect(JSON.stringify(listed.body)).not.toContain(secret);
    expect(JSON.stringify((await admin.json("GET", `/home/webhooks/${id}`)).body)).not.toContain(secret);
    const stored = await server.handle.db.selectFrom("webhook_endpoints").select("secret").executeTakeFirstOrThrow();
    expect(stored.secret).not.toContain(secret.slice(6));

    await registerStudent(server, { name: "Wanda Webhook", email: "wanda@example.com", password: "wanda-secret" });
    const [message] = await waitFor(() => (ofType("student.created").length ? ofType("student.created") : undefined));
    const event = verify(secret, message!);
    expect(event.data.student).toMatchObject({ email: "wanda@example.com", name: "Wanda Webhook" });
  });

  it("logs each delivery with its request and answer, sends a test event and redelivers", async () => {
    const test = await admin.post(`/home/webhooks/${id}/test`);
    expect(test.status).toBe(200);
    await waitFor(() => ofType("webhook.test").length === 1);
    const log = await waitFor(async () => {
      const { body } = await admin.json("GET", `/home/webhooks/${id}`);
      return body.deliveries.every((d: { status: string }) => d.status === "succeeded") ? body : undefined;
    });
    expect(log.deliveries.map((d: { eventType: string }) => d.eventType)).toEqual(["webhook.test", "student.created"]);
    const [latest] = log.deliveries;
    expect(latest).toMatchObject({ status: "succeeded", attempts: 1, responseStatus: 200, responseBody: "thanks" });
    expect(latest.requestHeaders["webhook-id"]).toBe(latest.messageId);
    expect(JSON.parse(latest.requestBody).type).toBe("webhook.test");

    // Redelivery sends the same message again (same webhook-id), a new attempt.
    expect((await admin.post(`/home/webhooks/${id}/deliveries/${latest.id}/redeliver`)).status).toBe(200);
    await waitFor(() => ofType("webhook.test").length === 2);
    const [first, second] = ofType("webhook.test");
    expect(second!.headers["webhook-id"]).toBe(first!.headers["webhook-id"]);
    await waitFor(async () => {
      const { body } = await admin.json("GET", `/home/webhooks/${id}`);
      return body.deliveries[0].status === "succeeded" && body.deliveries[0].attempts === 2;
    });
  });

  it("redelivers every failed delivery at once", async () => {
    // Two deliveries that failed for good (written as the worker leaves them after the last attempt).
    const db = server.handle.db;
    await db
      .updateTable("webhook_deliveries")
      .set({ status: "failed", response_status: 500 })
      .where("endpoint_id", "=", id)
      .execute();
    const before = receiver.received.length;
    const answer = await admin.post(`/home/webhooks/${id}/redeliver-failed`);
    expect(answer.body).toEqual({ count: 2 });
    await waitFor(() => receiver.received.length === before + 2);
    // A delivery waiting to be sent is not queued twice.
    const { body } = await admin.json("GET", `/home/webhooks/${id}`);
    await waitFor(async () => {
      const rows = await db.selectFrom("webhook_deliveries").select("status").where("endpoint_id", "=", id).execute();
      return rows.every((r) => r.status === "succeeded");
    });
    expect(body.failedCount).toBe(0);
  });

  it("rotates the secret: what follows is signed with the new one only", async () => {
    const rotated = await admin.post(`/home/webhooks/${id}/rotate`);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(secret);
    const tests = ofType("webhook.test").length;
    await admin.post(`/home/webhooks/${id}/test`);
    await waitFor(() => ofType("webhook.test").length === tests + 1);
    const last = ofType("webhook.test").at(-1)!;
    expect(verify(rotated.body.secret, last).type).toBe("webhook.test");
    expect(() => verify(secret, last)).toThrow();
    secret = rotated.body.secret;
  });

  it("sends nothing while switched off", async () => {
    expect((await admin.post(`/home/webhooks/${id}/disable`)).status).toBe(200);
    await registerStudent(server, { name: "Quiet One", email: "quiet@example.com", password: "quiet-secret" });
    expect(
      await server.handle.db
        .selectFrom("webhook_deliveries")
        .select("id")
        .where("event_type", "=", "student.created")
        .execute(),
    ).toHaveLength(1);
    expect((await admin.post(`/home/webhooks/${id}/enable`)).status).toBe(200);
    expect((await admin.json("GET", "/home/webhooks")).body.endpoints[0]).toMatchObject({ enabled: true });
  });

  it("is deleted only when DELETE is typed, with its log", async () => {
    expect((await admin.json("DELETE", `/home/webhooks/${id}`, { confirm: "delete" })).status).toBe(422);
    expect((await admin.json("DELETE", `/home/webhooks/${id}`, { confirm: "DELETE" })).status).toBe(200);
    expect((await admin.json("GET", `/home/webhooks/${id}`)).status).toBe(404);
    expect(await server.handle.db.selectFrom("webhook_deliveries").select("id").execute()).toEqual([]);
  });
});

describe("at least once", () => {
  it(
    "sends the message again after the server was killed between sending and recording",
    { timeout: 120_000 },
    async () => {
      const crashing = await startTestServer({ ...LOOPBACK, STUDIUM_CRASH_POINT: "webhook.after-send" });
      let restarted: TestServer | undefined;
      const before = receiver.received.length;
      try {
        const owner = await setUpSchool(crashing, { language: "en" });
        const created = await owner.post("/home/webhooks", { url: receiver.url, events: ["order.paid"] });
        const secret: string = created.body.secret;
        await owner.post(`/home/webhooks/${created.body.endpoint.id}/test`);
        // The worker sends, then the process dies before the attempt is recorded.
        await crashing.crashed();
        expect(receiver.received.length).toBe(before + 1);
        restarted = await startTestServer(LOOPBACK, { database: crashing.database });
        const db = restarted.handle.db;
        expect(await db.selectFrom("webhook_deliveries").select(["status", "attempts"]).execute()).toEqual([
          { status: "pending", attempts: 0 },
        ]);
        // The job left running by the dead process is recovered (the stale-job sweep, here without its 5 minutes).
        await recoverStaleJobs(db, { log: { info() {}, warn() {}, error() {} }, staleAfterMs: 0 });
        await waitFor(() => receiver.received.length === before + 2);
        const [first, second] = receiver.received.slice(before);
        expect(second!.headers["webhook-id"]).toBe(first!.headers["webhook-id"]);
        expect(verify(secret, second!).type).toBe("webhook.test");
        await waitFor(async () => {
          const row = await db.selectFrom("webhook_deliveries").select(["status", "attempts"]).executeTakeFirst();
          return row?.status === "succeeded" && row.attempts === 1;
        });
      } finally {
        await (restarted ?? crashing).stop();
      }
    },
  );
});

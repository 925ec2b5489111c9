// Membership mails (issue 15, item 4) over the test server's database with a moved clock (SQLite, or PostgreSQL
// with TEST_DATABASE_URL): the welcome and the cancellation through HTTP; then, driven by the notices scan, the
// first failed renewal, the third day and the final warning, a charge 7 days ahead, a trial ending 3 days ahead,
// a card expiring 30 and 7 days ahead: each exactly once however often the scan runs, in the school's language.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardValidUntil, scanMembershipNotices } from "#core/memberships/mails/scan-membership-notices.ts";
import { addDays, addMonths } from "#core/memberships/periods.ts";
import { renewMembership } from "#core/memberships/renew-membership.ts";
import { testTokenCharger } from "#core/memberships/test-billing.ts";
import { formatDate } from "#platform/i18n/format.ts";
import { newStudent } from "../helpers/discussion-fixtures.ts";
import { setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { arrangeMembership, arrangePlan, arrangeUser } from "./memberships-admin-helpers.ts";

let server: TestServer;
let planId: number;
/** The payloads of the webhook deliveries of one event type, in order. */
async function webhookPayloads(type: string) {
  const rows = await server.handle.db.selectFrom("webhook_deliveries").select("payload").orderBy("id").execute();
  return rows
    .map((row) => JSON.parse(row.payload) as { type: string; data: Record<string, unknown> })
    .filter((payload) => payload.type === type);
}
const chargers = { get: (name: string) => (name === "test" ? testTokenCharger : null) };

/** The subjects of every mail queued to `email` (the mail.send jobs' payloads), in order. */
async function subjectsTo(email: string): Promise<string[]> {
  const jobs = await server.handle.db
    .selectFrom("jobs")
    .select("payload")
    .where("type", "=", "mail.send")
    .orderBy("id")
    .execute();
  return jobs
    .map((job) => JSON.parse(job.payload) as { to: string; subject: string })
    .filter((mail) => mail.to === email)
    .map((mail) => mail.subject);
}

async function emailOf(userId: number): Promise<string> {
  const user = await server.handle.db
    .selectFrom("users")
    .select("email")
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  return user.email;
}

/** Runs the scan several times at `now`: a mail must still go once. */
async function scanAt(now: string) {
  for (let i = 0; i < 3; i++) await scanMembershipNotices(server.handle.db, now);
}

/** A day as the mails write it: in the school's language and time zone. */
const day = (iso: string, lang: "en" | "pl" = "en") => formatDate(iso, lang, "Europe/Warsaw");

beforeAll(async () => {
  server = await startTestServer();
  const admin = await setUpSchool(server);
  // An integrator's endpoint for the charge announcements (nothing listens: only the queued deliveries count).
  const endpoint = await admin.post("/home/webhooks", {
    url: "https://hooks.example.com/studium",
    events: ["membership.card_to_be_charged"],
  });
  expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(200);
  await server.handle.db.updateTable("school").set({ time_zone: "Europe/Warsaw" }).execute();
  planId = await arrangePlan(server.handle.db, { name: "Club", price_cents: 4900 });
});

afterAll(async () => {
  await server?.stop();
});

describe("mails of a member's own steps", () => {
  it("welcomes a new member once, and confirms a cancellation with the access's end", async () => {
    const student = await newStudent(server);
    await student.client.page(`/subscribe/checkout?plan=${planId}`);
    const start = await student.client.post("/subscribe/checkout", { plan: planId, terms: true });
    expect(start.status).toBe(200);
    expect((await student.client.post(`${start.body.redirect}/pay`, { card: "ok" })).status).toBe(200);
    await student.client.post(`${start.body.redirect}/pay`, { card: "ok" });
    expect(await subjectsTo(student.email)).toEqual(["Welcome to Club"]);

    const cancel = await student.client.post("/my/membership/cancel", {
      membership_id: start.body.membership_id,
      confirm: "CANCEL",
    });
    expect(cancel.status).toBe(200);
    expect(await subjectsTo(student.email)).toEqual(["Welcome to Club", "Your Club membership is canceled"]);
    const job = await server.handle.db
      .selectFrom("jobs")
      .select("payload")
      .where("unique_key", "like", `membership-notice:${start.body.membership_id}:canceled:%`)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(job.payload).text).toContain("You keep access until");
  });
});

describe("mails that time brings", () => {
  it("tells of a charge 7 days ahead, once", async () => {
    const db = server.handle.db;
    const started = "2026-03-10T09:00:00.000Z";
    const end = addMonths(started, 1);
    const userId = await arrangeUser(db, "Upcoming Ula");
    const membershipId = await arrangeMembership(db, {
      userId,
      planId,
      status: "active",
      started_at: started,
      current_period_end: end,
    });
    const email = await emailOf(userId);
    await scanAt(addDays(end, -8));
    expect(await subjectsTo(email)).toEqual([]);
    await scanAt(addDays(end, -7));
    await scanAt(addDays(end, -2));
    expect(await subjectsTo(email)).toEqual([`Your Club membership renews on ${day(end)}`]);
    // Integrators hear of it once too (membership.card_to_be_charged).
    const announced = (await webhookPayloads("membership.card_to_be_charged")).filter(
      (payload) => (payload.data.membership as { id: number }).id === membershipId,
    );
    expect(announced).toEqual([
      {
        type: "membership.card_to_be_charged",
        timestamp: expect.any(String),
        data: {
          membership: { id: membershipId },
          charge: { period_number: 2, amount_cents: 3000, currency: "PLN", charge_at: end },
        },
      },
    ]);
  });

  it("tells of a trial ending 3 days ahead, once, and not of a charge besides", async () => {
    const db = server.handle.db;
    const trialEnd = "2026-05-20T12:00:00.000Z";
    const userId = await arrangeUser(db, "Trial Tomek");
    const id = await arrangeMembership(db, {
      userId,
      planId,
      status: "active",
      period_number: 0,
      started_at: trialEnd,
      current_period_end: trialEnd,
    });
    await db.updateTable("memberships").set({ trial_ends_at: trialEnd }).where("id", "=", id).execute();
    const email = await emailOf(userId);
    await scanAt(addDays(trialEnd, -4));
    expect(await subjectsTo(email)).toEqual([]);
    await scanAt(addDays(trialEnd, -3));
    await scanAt(addDays(trialEnd, -1));
    expect(await subjectsTo(email)).toEqual([`Your Club trial ends on ${day(trialEnd)}`]);
  });

  it("warns of a card expiring 30 and 7 days ahead, each once", async () => {
    const db = server.handle.db;
    const userId = await arrangeUser(db, "Card Celina");
    await arrangeMembership(db, {
      userId,
      planId,
      status: "active",
      started_at: "2026-06-15T10:00:00.000Z",
      current_period_end: "2026-08-15T10:00:00.000Z",
      period_number: 2,
      card: { brand: "visa", last4: "4242", month: 7, year: 2026 },
    });
    const email = await emailOf(userId);
    const until = cardValidUntil(7, 2026);
    expect(until).toBe("2026-08-01T00:00:00.000Z");
    await scanAt(addDays(until, -31));
    expect(await subjectsTo(email)).toEqual([]);
    await scanAt(addDays(until, -30));
    await scanAt(addDays(until, -20));
    expect(await subjectsTo(email)).toEqual(["Your card for Club expires soon"]);
    await scanAt(addDays(until, -7));
    await scanAt(addDays(until, -1));
    expect(await subjectsTo(email)).toEqual(["Your card for Club expires soon", "Your card for Club expires soon"]);
    const texts = await db
      .selectFrom("jobs")
      .select("payload")
      .where("unique_key", "like", "membership-notice:%:card_expiring_%")
      .execute();
    expect(texts.map((j) => JSON.parse(j.payload).text).join()).toContain(
      "(visa •••• 4242) expires at the end of 07/2026",
    );
  });

  it("follow dunning: the first failure, the third day and a final warning, each once, nothing after expiry", async () => {
    const db = server.handle.db;
    const started = "2026-02-01T08:00:00.000Z";
    const end = addMonths(started, 1);
    const userId = await arrangeUser(db, "Dunning Dorota");
    const id = await arrangeMembership(db, {
      userId,
      planId,
      status: "active",
      started_at: started,
      current_period_end: end,
      provider_token: "test_card_decline_abcdefgh",
    });
    const email = await emailOf(userId);
    const attempt = async (at: string) => {
      await renewMembership(db, chargers, { membershipId: id, period: 2 }, at);
      await scanAt(addDays(at, 0));
    };
    await attempt(end);
    expect(await subjectsTo(email)).toEqual(["We could not renew your Club membership"]);
    await attempt(addDays(end, 1));
    expect(await subjectsTo(email)).toHaveLength(1);
    await attempt(addDays(end, 3));
    expect((await subjectsTo(email)).slice(1)).toEqual(["Your Club payment is still overdue"]);
    await attempt(addDays(end, 5));
    expect((await subjectsTo(email)).slice(2)).toEqual(["Last try to renew your Club membership"]);
    await attempt(addDays(end, 7));
    expect(
      (await db.selectFrom("memberships").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status,
    ).toBe("expired");
    await scanAt(addDays(end, 8));
    expect(await subjectsTo(email)).toEqual([
      "We could not renew your Club membership",
      "Your Club payment is still overdue",
      "Last try to renew your Club membership",
    ]);
    const final = await db
      .selectFrom("jobs")
      .select("payload")
      .where("unique_key", "=", `membership-notice:${id}:dunning_final:2`)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(final.payload).text).toContain(`on ${day(addDays(end, 7))} we will try to charge`);
  });

  it("are written in the school's language", async () => {
    const db = server.handle.db;
    await db.updateTable("school").set({ language: "pl" }).execute();
    try {
      const end = "2026-09-10T09:00:00.000Z";
      const userId = await arrangeUser(db, "Polski Paweł");
      await arrangeMembership(db, {
        userId,
        planId,
        status: "active",
        started_at: addMonths(end, -1),
        current_period_end: end,
      });
      await scanAt(addDays(end, -6));
      const [subject] = await subjectsTo(await emailOf(userId));
      expect(subject).toBe(`Członkostwo w planie Club odnowi się ${day(end, "pl")}`);
    } finally {
      await db.updateTable("school").set({ language: "en" }).execute();
    }
  });
});

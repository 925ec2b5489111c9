// The admin's members of memberships (issue 15, item 8) over real HTTP on the test database (SQLite, or PostgreSQL
// with TEST_DATABASE_URL): who may see them, the list's status filter, search and pages, one member's history
// (charges with failures, cancellations with the survey's reasons, the admin's own changes), and the manual
// extension and ending with a reason.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, addMonths } from "#core/memberships/periods.ts";
import { renewMembership } from "#core/memberships/renew-membership.ts";
import { testTokenCharger } from "#core/memberships/test-billing.ts";
import { BrowserClient } from "../helpers/browser-client.ts";
import { newStudent } from "../helpers/discussion-fixtures.ts";
import { setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { arrangeMembership, arrangePlan, arrangeUser } from "./memberships-admin-helpers.ts";

let server: TestServer;
let admin: BrowserClient;
let planId: number;

const LIST = "/home/memberships/members";
const chargers = { get: (name: string) => (name === "test" ? testTokenCharger : null) };

async function membershipOf(id: number) {
  return server.handle.db.selectFrom("memberships").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await setUpSchool(server);
  planId = await arrangePlan(server.handle.db, { name: "Monthly club" });
});

afterAll(async () => {
  await server?.stop();
});

describe("who may see and change members", () => {
  it("is the admins' alone: a visitor gets 401, a student 403 (404 for the pages)", async () => {
    const id = await arrangeMembership(server.handle.db, {
      userId: await arrangeUser(server.handle.db, "Olek Other"),
      planId,
      status: "active",
      current_period_end: addMonths(new Date().toISOString(), 1),
    });
    const visitor = new BrowserClient(server.url);
    const student = await newStudent(server);
    await student.client.page("/my");
    for (const client of [visitor, student.client]) {
      const expected = client === visitor ? 401 : 403;
      expect((await client.json("GET", LIST)).status).toBe(expected);
      expect((await client.json("GET", `${LIST}/${id}`)).status).toBe(expected);
      expect((await client.json("GET", "/home/memberships/figures")).status).toBe(expected);
      expect((await client.post(`${LIST}/${id}/extend`, { unit: "days", count: 5, reason: "Gift" })).status).toBe(
        expected,
      );
      expect((await client.post(`${LIST}/${id}/end`, { reason: "Fraud" })).status).toBe(expected);
    }
    expect((await student.client.page(LIST)).status).toBe(404);
    expect((await student.client.page(`${LIST}/${id}`)).status).toBe(404);
    expect((await membershipOf(id)).status).toBe("active");
  });
});

describe("the members list", () => {
  let searchPlan: number;
  beforeAll(async () => {
    searchPlan = await arrangePlan(server.handle.db, { name: "Search plan" });
    const db = server.handle.db;
    const end = addMonths(new Date().toISOString(), 1);
    await arrangeMembership(db, {
      userId: await arrangeUser(db, "Zofia Żak", "zofia.zak@example.com"),
      planId: searchPlan,
      status: "past_due",
      current_period_end: end,
    });
    await arrangeMembership(db, {
      userId: await arrangeUser(db, "Adam Nowak", "adam@school.example"),
      planId: searchPlan,
      status: "expired",
      current_period_end: end,
    });
  });

  it("filters by status and searches names and e-mails, case-insensitively", async () => {
    const pastDue = await admin.json("GET", `${LIST}?status=past_due`);
    expect(pastDue.status).toBe(200);
    expect(pastDue.body.members.map((m: any) => m.name)).toEqual(["Zofia Żak"]);
    expect(pastDue.body.count).toBe(1);
    const byEmail = await admin.json("GET", `${LIST}?q=SCHOOL.EXAMPLE`);
    expect(byEmail.body.members.map((m: any) => m.name)).toEqual(["Adam Nowak"]);
    const byName = await admin.json("GET", `${LIST}?q=nowak&status=expired`);
    expect(byName.body.members.map((m: any) => m.email)).toEqual(["adam@school.example"]);
    expect((await admin.json("GET", `${LIST}?q=nowak&status=active`)).body.count).toBe(0);
    // A wildcard is taken literally, and a status the list does not know is ignored.
    expect((await admin.json("GET", `${LIST}?q=%25`)).body.count).toBe(0);
    expect((await admin.json("GET", `${LIST}?status=bogus`)).body.count).toBeGreaterThanOrEqual(2);
    const page = await admin.page(`${LIST}?status=past_due`);
    expect(page.status).toBe(200);
    expect(page.html).toContain("Zofia Żak");
    expect(page.html).not.toContain("Adam Nowak");
    expect(page.html).toContain("Payment overdue");
  });

  it("pages 25 at a time, newest first", async () => {
    const pagePlan = await arrangePlan(server.handle.db, { name: "Paged plan" });
    const ids: number[] = [];
    for (let i = 0; i < 27; i++)
      ids.push(
        await arrangeMembership(server.handle.db, {
          userId: await arrangeUser(server.handle.db, `Paged Member ${i}`),
          planId: pagePlan,
          status: "canceled",
          current_period_end: addDays(new Date().toISOString(), 3),
        }),
      );
    const first = await admin.json("GET", `${LIST}?q=paged%20member`);
    expect(first.body).toMatchObject({ count: 27, page: 1, pages: 2 });
    expect(first.body.members).toHaveLength(25);
    expect(first.body.members[0].id).toBe(ids[26]);
    const second = await admin.json("GET", `${LIST}?q=paged%20member&page=2`);
    expect(second.body.members.map((m: any) => m.id)).toEqual([ids[1], ids[0]]);
    const html = await admin.page(`${LIST}?q=paged+member`);
    expect(html.html).toContain(`href="${LIST}?q=paged+member&amp;page=2"`);
  });
});

describe("one member's history", () => {
  it("shows charges with failures and reasons, and a cancellation with the survey's reason", async () => {
    const db = server.handle.db;
    const started = addMonths(new Date().toISOString(), -2);
    const userId = await arrangeUser(db, "Hanna History");
    const id = await arrangeMembership(db, {
      userId,
      planId,
      status: "canceled",
      period_number: 2,
      started_at: started,
      current_period_end: addMonths(started, 2),
      card: { brand: "visa", last4: "4242", month: 12, year: 2030 },
    });
    const charge = (period: number, status: "succeeded" | "failed", attempts: number, reason = "") => ({
      membership_id: id,
      period_number: period,
      idempotency_key: `membership:${id}:period:${period}`,
      amount_cents: 3000,
      currency: "PLN",
      status,
      attempts,
      provider: "test",
      failure_reason: reason,
      paid_at: status === "succeeded" ? addMonths(started, period - 1) : null,
      created_at: addMonths(started, period - 1),
      updated_at: addMonths(started, period - 1),
    });
    await db
      .insertInto("membership_charges")
      .values([charge(1, "succeeded", 1), charge(2, "succeeded", 2, "insufficient_funds")])
      .execute();
    await db
      .insertInto("membership_cancellations")
      .values({ membership_id: id, user_id: userId, reason: "expensive", created_at: new Date().toISOString() })
      .execute();

    const json = await admin.json("GET", `${LIST}/${id}`);
    expect(json.status).toBe(200);
    expect(json.body.member.name).toBe("Hanna History");
    expect(json.body.history.map((h: any) => h.kind)).toEqual(["cancellation", "charge", "charge"]);
    expect(json.body.history[1]).toMatchObject({ period: 2, attempts: 2, failure_reason: "insufficient_funds" });
    const page = await admin.page(`${LIST}/${id}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain("Period 2 paid");
    expect(page.html).toContain("2 attempts");
    expect(page.html).toContain("Reason: Insufficient funds");
    expect(page.html).toContain("Reason: It is too expensive");
    expect(page.html).toContain("Visa".toLowerCase());
    expect((await admin.json("GET", `${LIST}/999999`)).status).toBe(404);
    expect((await admin.page(`${LIST}/999999`)).status).toBe(404);
  });
});

describe("extending by hand", () => {
  it("adds days or periods, moves the next renewal with it, and keeps the reason in the history", async () => {
    const db = server.handle.db;
    const started = "2026-01-10T10:00:00.000Z";
    const id = await arrangeMembership(db, {
      userId: await arrangeUser(db, "Ewa Extended"),
      planId,
      status: "active",
      started_at: started,
      current_period_end: addMonths(started, 1),
      provider_token: "test_card_ok_abcdefgh",
    });
    const refused = await admin.post(`${LIST}/${id}/extend`, { unit: "days", count: 5, reason: "" });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.reason).toEqual(["This field is required."]);
    const zero = await admin.post(`${LIST}/${id}/extend`, { unit: "days", count: "0", reason: "Gift" });
    expect(zero.body.errors.count).toEqual(["Minimum value: 1."]);

    const days = await admin.post(`${LIST}/${id}/extend`, { unit: "days", count: "5", reason: "Outage in May" });
    expect(days.status).toBe(200);
    expect(days.body.current_period_end).toBe(addDays(addMonths(started, 1), 5));
    const periods = await admin.post(`${LIST}/${id}/extend`, { unit: "periods", count: 1, reason: "Loyalty gift" });
    expect(periods.status).toBe(200);
    const extended = await membershipOf(id);
    expect(extended.current_period_end).toBe(addMonths(addDays(addMonths(started, 1), 5), 1));
    expect(extended.started_at).toBe(addMonths(addDays(started, 5), 1));

    // The renewal after the extension ends one period after the extended end, not where it would have been.
    const renewedAt = extended.current_period_end!;
    expect(await renewMembership(db, chargers, { membershipId: id, period: 2 }, renewedAt)).toBe("paid");
    expect((await membershipOf(id)).current_period_end).toBe(addMonths(addDays(started, 5), 3));

    const history = (await admin.json("GET", `${LIST}/${id}`)).body.history;
    const events = history.filter((h: any) => h.kind === "extended");
    expect(events.map((e: any) => [e.days, e.periods, e.reason])).toEqual(
      expect.arrayContaining([
        [5, 0, "Outage in May"],
        [0, 1, "Loyalty gift"],
      ]),
    );
    expect(events[0].by).toBe("Olga Owner");
    const page = await admin.page(`${LIST}/${id}`);
    expect(page.html).toContain("Extended by 5 days");
    expect(page.html).toContain("Reason: Outage in May");
  });

  it("refuses a lifetime or ended membership (409)", async () => {
    const db = server.handle.db;
    const lifetime = await arrangeMembership(db, {
      userId: await arrangeUser(db, "Lena Lifetime"),
      planId,
      status: "active",
      period_months: -1,
    });
    const ended = await arrangeMembership(db, {
      userId: await arrangeUser(db, "Filip Finished"),
      planId,
      status: "finished",
      current_period_end: addDays(new Date().toISOString(), -3),
    });
    for (const id of [lifetime, ended]) {
      const answer = await admin.post(`${LIST}/${id}/extend`, { unit: "days", count: 3, reason: "Gift" });
      expect(answer.status).toBe(409);
    }
  });
});

describe("ending by hand", () => {
  it("ends at once with the reason, stops retries, and cannot end twice", async () => {
    const db = server.handle.db;
    const started = addMonths(new Date().toISOString(), -1);
    const id = await arrangeMembership(db, {
      userId: await arrangeUser(db, "Piotr Pastdue"),
      planId,
      status: "past_due",
      started_at: started,
      current_period_end: addMonths(started, 1),
    });
    await db
      .insertInto("membership_charges")
      .values({
        membership_id: id,
        period_number: 2,
        idempotency_key: `membership:${id}:period:2`,
        amount_cents: 3000,
        currency: "PLN",
        status: "failed",
        attempts: 1,
        next_retry_at: addDays(new Date().toISOString(), 1),
        provider: "test",
        created_at: started,
        updated_at: started,
      })
      .execute();
    expect((await admin.post(`${LIST}/${id}/end`, { reason: "x" })).status).toBe(422);
    const ended = await admin.post(`${LIST}/${id}/end`, { reason: "Asked by e-mail" });
    expect(ended.status).toBe(200);
    const row = await membershipOf(id);
    expect(row.status).toBe("finished");
    expect(row.ended_at).not.toBeNull();
    const charge = await db
      .selectFrom("membership_charges")
      .select("next_retry_at")
      .where("membership_id", "=", id)
      .executeTakeFirstOrThrow();
    expect(charge.next_retry_at).toBeNull();
    expect((await admin.post(`${LIST}/${id}/end`, { reason: "Again please" })).status).toBe(409);
    const history = (await admin.json("GET", `${LIST}/${id}`)).body.history;
    expect(history[0]).toMatchObject({ kind: "ended", reason: "Asked by e-mail" });
  });

  it("answers a plain form with a redirect back to the member's page", async () => {
    const db = server.handle.db;
    const id = await arrangeMembership(db, {
      userId: await arrangeUser(db, "Fiona Form"),
      planId,
      status: "active",
      current_period_end: addMonths(new Date().toISOString(), 1),
    });
    await admin.page(`${LIST}/${id}`);
    const post = (reason: string) =>
      admin.raw(`${LIST}/${id}/end`, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          referer: `${server.url}${LIST}/${id}`,
        },
        body: new URLSearchParams({ _csrf: admin.csrfToken, reason }).toString(),
      });
    const short = await post("no");
    expect(short.status).toBe(303);
    expect(short.headers.get("location")).toBe(`${LIST}/${id}?error=validation%3Astring_min`);
    const done = await post("Chargeback");
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe(`${LIST}/${id}?saved=ended`);
    expect((await membershipOf(id)).status).toBe("finished");
  });
});

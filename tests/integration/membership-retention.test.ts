// The retention offer (issue 15, beyond the spec; decision 0042) over real HTTP (SQLite, or PostgreSQL with
// TEST_DATABASE_URL), in an English and then a Polish school: the admin alone sets the school's one offer (422 per
// field in the school's language); a member who types CANCEL is shown it once instead of the cancellation;
// accepting a discount makes the next renewals cheaper for N periods, accepting a pause moves the next charge N
// periods later; declining cancels exactly as without an offer (the survey follows); a member shown it once never
// sees it again.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TokenChargers } from "#core/memberships/billing.ts";
import { addMonths } from "#core/memberships/periods.ts";
import { renewMembership } from "#core/memberships/renew-membership.ts";
import { testTokenCharger } from "#core/memberships/test-billing.ts";
import { changeSettings, englishSchool } from "../helpers/accounts.ts";
import type { BrowserClient } from "../helpers/browser-client.ts";
import { newStudent } from "../helpers/discussion-fixtures.ts";
import { setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { createMonthlyPlan, subscribeNewStudent } from "./membership-flow-helpers.ts";

const chargers: TokenChargers = { get: (name) => (name === "test" ? testTokenCharger : null) };

let server: TestServer;
let admin: BrowserClient;
let planId: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = await setUpSchool(server, { language: "en", currency: "EUR" });
  planId = await createMonthlyPlan(admin, { name: "Club", price: "40.00", currency: "EUR" });
});
afterAll(async () => {
  await server?.stop();
});

const subscribe = () => subscribeNewStudent(server, planId, "Rita Retained");

async function membershipOf(id: number) {
  return server.handle.db.selectFrom("memberships").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

async function setOffer(offer: Record<string, unknown>) {
  const saved = await admin.json("PUT", "/home/memberships/retention", offer);
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

const cancel = (member: { client: BrowserClient; membershipId: number }) =>
  member.client.post("/my/membership/cancel", { membership_id: member.membershipId, confirm: "CANCEL" });

describe("the admin's offer", () => {
  it("is the admin's alone, one per school, checked per field in the school's language", async () => {
    const student = await newStudent(server);
    expect(
      (await student.client.json("PUT", "/home/memberships/retention", { kind: "pause", periods: 1 })).status,
    ).toBe(403);
    expect((await student.client.json("GET", "/home/memberships/retention")).status).toBe(403);
    const missing = await admin.json("PUT", "/home/memberships/retention", { kind: "discount", percent: "" });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toMatchObject({
      percent: ["This field is required."],
      periods: ["This field is required."],
    });
    await changeSettings(admin, englishSchool, { language: "pl" });
    try {
      const tooMuch = await admin.json("PUT", "/home/memberships/retention", {
        kind: "discount",
        percent: 95,
        periods: 2,
      });
      expect(tooMuch.status).toBe(422);
      expect(tooMuch.body.errors.percent).toEqual(["Wartość maksymalna: 90."]);
    } finally {
      await changeSettings(admin, englishSchool, { language: "en" });
    }
    await setOffer({ kind: "pause", periods: 1 });
    await setOffer({ kind: "discount", percent: 25, periods: 2 });
    const rows = await server.handle.db.selectFrom("membership_retention_offers").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect((await admin.json("GET", "/home/memberships/retention")).body.retention_offer).toEqual({
      kind: "discount",
      percent: 25,
      periods: 2,
    });
    const page = await admin.page("/home/memberships");
    expect(page.html).toContain("Retention offer");
  });
});

describe("in the cancel flow", () => {
  it("a discount: shown once instead of cancelling; accepted, the next 2 renewals charge 25% less", async () => {
    await setOffer({ kind: "discount", percent: 25, periods: 2 });
    const member = await subscribe();
    const shown = await cancel(member);
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual({
      membership_id: member.membershipId,
      retention_offer: { kind: "discount", percent: 25, periods: 2 },
    });
    expect((await membershipOf(member.membershipId)).status).toBe("active");
    const accepted = await member.client.post("/my/membership/retention", {
      membership_id: member.membershipId,
      accept: true,
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ membership_id: member.membershipId, canceled: false });
    const mine = await member.client.json("GET", "/my/membership");
    expect(mine.body.memberships[0]).toMatchObject({ price_cents: 4000, next_charge_cents: 3000 });
    // Answered once.
    expect(
      (await member.client.post("/my/membership/retention", { membership_id: member.membershipId, accept: false }))
        .status,
    ).toBe(409);
    for (const period of [2, 3, 4]) {
      const end = (await membershipOf(member.membershipId)).current_period_end!;
      const target = { membershipId: member.membershipId, period };
      expect(await renewMembership(server.handle.db, chargers, target, end)).toBe("paid");
    }
    const charges = await server.handle.db
      .selectFrom("membership_charges")
      .select(["period_number", "amount_cents"])
      .where("membership_id", "=", member.membershipId)
      .orderBy("period_number")
      .execute();
    expect(charges).toEqual([
      { period_number: 1, amount_cents: 4000 },
      { period_number: 2, amount_cents: 3000 },
      { period_number: 3, amount_cents: 3000 },
      { period_number: 4, amount_cents: 4000 },
    ]);
    // The admin's history of the member says what was taken.
    const history = await admin.page(`/home/memberships/members/${member.membershipId}`);
    expect(history.html).toContain("Took the retention offer");
    expect(history.html).toContain("25% off the next 2 renewals");
    // Never shown again: the next cancel cancels.
    const again = await cancel(member);
    expect(again.body).toEqual({ membership_id: member.membershipId });
    expect((await membershipOf(member.membershipId)).status).toBe("canceled");
  });

  it("a pause: accepted, the next charge moves one period later", async () => {
    await setOffer({ kind: "pause", periods: 1 });
    const member = await subscribe();
    const before = await membershipOf(member.membershipId);
    expect((await cancel(member)).body.retention_offer).toEqual({ kind: "pause", percent: 0, periods: 1 });
    const accepted = await member.client.post("/my/membership/retention", {
      membership_id: member.membershipId,
      accept: true,
    });
    expect(accepted.status).toBe(200);
    const after = await membershipOf(member.membershipId);
    expect(after.status).toBe("active");
    expect(after.current_period_end).toBe(addMonths(before.current_period_end!, 1));
    expect(after.started_at).toBe(addMonths(before.started_at!, 1));
    // The old period's end is no longer due: nothing is charged then.
    const target = { membershipId: member.membershipId, period: 2 };
    expect(await renewMembership(server.handle.db, chargers, target, before.current_period_end!)).toBe("skipped");
    const json = await member.client.json("GET", "/my/membership");
    expect(json.body.memberships[0].next_charge_at).toBe(after.current_period_end);
  });

  it("declining cancels exactly as without an offer, and the survey follows; no second offer", async () => {
    await setOffer({ kind: "discount", percent: 25, periods: 2 });
    const member = await subscribe();
    expect((await cancel(member)).body.retention_offer).toBeDefined();
    const declined = await member.client.post("/my/membership/retention", {
      membership_id: member.membershipId,
      accept: false,
    });
    expect(declined.status).toBe(200);
    expect(declined.body).toEqual({ membership_id: member.membershipId, canceled: true });
    const row = await membershipOf(member.membershipId);
    expect(row).toMatchObject({ status: "canceled", cancel_at_period_end: 1, discount_percent: 0 });
    const survey = await member.client.post("/my/membership/cancel-survey", {
      membership_id: member.membershipId,
      reason: "expensive",
    });
    expect(survey.status).toBe(200);
    // Resumed and canceled again: straight to the cancellation.
    expect((await member.client.post("/my/membership/resume", { membership_id: member.membershipId })).status).toBe(
      200,
    );
    expect((await cancel(member)).body).toEqual({ membership_id: member.membershipId });
    expect((await membershipOf(member.membershipId)).status).toBe("canceled");
  });

  it("nobody answers another member's offer (404), and without an offer shown there is nothing to answer (409)", async () => {
    await setOffer({ kind: "pause", periods: 1 });
    const member = await subscribe();
    const other = await subscribe();
    const early = await member.client.post("/my/membership/retention", {
      membership_id: member.membershipId,
      accept: true,
    });
    expect(early.status).toBe(409);
    await cancel(member);
    const foreign = await other.client.post("/my/membership/retention", {
      membership_id: member.membershipId,
      accept: true,
    });
    expect(foreign.status).toBe(404);
    await setOffer({ kind: "none" });
    const plain = await subscribe();
    expect((await cancel(plain)).body).toEqual({ membership_id: plain.membershipId });
  });
});

// Memberships (issue 15) over real HTTP on the test database (SQLite, or PostgreSQL with TEST_DATABASE_URL): plans
// in the admin area and who may manage them; the subscribe checkout through the test provider (signed in, and a
// guest registering on the way); what an active, past-due, canceled, finished or expired membership opens;
// cancelling with the survey's rules; renewals charged exactly once under two concurrent runs; dunning to expiry.
// Renewals and time-based rules run the core use-cases on the server's database with an injected clock.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TokenChargers } from "#core/memberships/billing.ts";
import { addMonths } from "#core/memberships/periods.ts";
import { renewMembership } from "#core/memberships/renew-membership.ts";
import { scanRenewals } from "#core/memberships/scan-renewals.ts";
import { testTokenCharger } from "#core/memberships/test-billing.ts";
import { BrowserClient } from "../helpers/browser-client.ts";
import { arrangeTopic } from "../helpers/community-fixtures.ts";
import { arrangeDiscussionCourse, newStudent } from "../helpers/discussion-fixtures.ts";
import { setUpSchool } from "../helpers/school.ts";
import { startTestServer, waitFor, type TestServer } from "../helpers/test-server.ts";
import { addProduct } from "./products-helpers.ts";

let server: TestServer;
let admin: BrowserClient;
let course: { id: number; slug: string; lectures: { Paid: number } };
let productId: number;
let topicId: number;
let planId: number;

const planBody = () => ({
  name: "Monthly club",
  description: "Everything, every month",
  price: "49.99",
  vat_rate: 23,
  currency: "EUR",
  period_months: 1,
  trial_days: 0,
  signups_open: 1,
  course_ids: [course.id],
  product_ids: [productId],
  topic_ids: [topicId],
});

/** A charger that counts its calls: renewals must charge each period once. */
function countingChargers() {
  const calls: string[] = [];
  const chargers: TokenChargers = {
    get: (name) =>
      name === "test"
        ? {
            name,
            async chargeToken(charge) {
              calls.push(charge.idempotencyKey);
              return testTokenCharger.chargeToken(charge);
            },
          }
        : null,
  };
  return { calls, chargers };
}

async function membershipOf(id: number) {
  return server.handle.db.selectFrom("memberships").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

/** A student who subscribes to the plan and pays with the given test card; their client, user and membership. */
async function subscribe(card: "ok" | "decline" | "stolen" = "ok") {
  const student = await newStudent(server);
  await student.client.page(`/subscribe/checkout?plan=${planId}`);
  const start = await student.client.post("/subscribe/checkout", { plan: planId, terms: true });
  expect(start.status).toBe(200);
  expect(start.body.redirect).toMatch(/^\/subscribe\/test\/[\w-]{20,}$/);
  const paid = await student.client.post(`${start.body.redirect}/pay`, { card });
  expect(paid.status).toBe(200);
  return { ...student, membershipId: start.body.membership_id as number };
}

async function opens(client: BrowserClient) {
  const [lecture, product, topic] = await Promise.all([
    client.post(`/lecture/${course.lectures.Paid}/watch`),
    client.page("/my/products/club-handbook"),
    client.post(`/json/community/topics/${topicId}`),
  ]);
  return { lecture: lecture.status === 200, product: product.status === 200, topic: topic.status === 200 };
}

const all = { lecture: true, product: true, topic: true };
const none = { lecture: false, product: false, topic: false };

beforeAll(async () => {
  server = await startTestServer();
  admin = await setUpSchool(server);
  course = await arrangeDiscussionCourse(server.handle.db, { lectures: { Paid: { access: "paid" } } });
  productId = (await addProduct(server, { kind: "file", slug: "club-handbook", title: "Club handbook" })).id;
  topicId = await arrangeTopic(server.handle.db, {
    visibility: "restricted",
    title: "Members' lounge",
    productIds: [productId],
  });
});

afterAll(async () => {
  await server?.stop();
});

describe("membership plans in the admin area", () => {
  it("are the admins' alone: a visitor gets 401, a student 403", async () => {
    const visitor = new BrowserClient(server.url);
    const student = await newStudent(server);
    expect((await visitor.json("GET", "/home/memberships")).status).toBe(401);
    expect((await student.client.json("GET", "/home/memberships")).status).toBe(403);
    expect((await student.client.post("/home/memberships", planBody())).status).toBe(403);
    expect((await student.client.page("/home/memberships")).status).toBe(404);
  });

  it("creates a plan with what it opens, and refuses a period the spec does not know", async () => {
    const created = await admin.post("/home/memberships", planBody());
    expect(created.status).toBe(200);
    planId = created.body.membership_plan.id;
    expect(created.body.membership_plan).toMatchObject({
      price_cents: 4999,
      period_months: 1,
      signups_open: 1,
      course_ids: [course.id],
      product_ids: [productId],
      topic_ids: [topicId],
    });
    const wrong = await admin.post("/home/memberships", { ...planBody(), period_months: 2 });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.period_months).toEqual(["Choose a billing period."]);
    const page = await admin.page("/home/memberships");
    expect(page.status).toBe(200);
    expect(page.html).toContain("Monthly club");
    const editor = await admin.page(`/home/memberships/${planId}`);
    expect(editor.status).toBe(200);
    // The plan's subscribe page, for the admin to share.
    expect(editor.html).toContain(`href="/subscribe/checkout?plan=${planId}"`);
  });
});

describe("the subscribe checkout", () => {
  it("shows the plan to a visitor, and a guest registers on the way", async () => {
    const guest = new BrowserClient(server.url);
    const page = await guest.page(`/subscribe/checkout?plan=${planId}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain("Monthly club");
    expect(page.html).toContain("€49.99");
    const refused = await guest.post("/subscribe/checkout/register", { plan: planId, name: "Gina Guest" });
    expect(refused.status).toBe(422);
    const registered = await guest.post("/subscribe/checkout/register", {
      plan: planId,
      terms: true,
      name: "Gina Guest",
      email: "gina@example.com",
      password: "guest-secret",
    });
    expect(registered.status).toBe(200);
    expect(registered.body.redirect).toMatch(/^\/subscribe\/test\//);
    expect((await guest.page(registered.body.redirect)).status).toBe(200);
    expect((await membershipOf(registered.body.membership_id)).status).toBe("STARTED");
    expect(await opens(guest)).toEqual(none);
  });

  it("needs a login, the terms, and a plan that exists", async () => {
    const { client } = await newStudent(server);
    await client.page("/my");
    expect((await client.post("/subscribe/checkout", { plan: planId })).status).toBe(422);
    expect((await client.post("/subscribe/checkout", { plan: 999_999, terms: true })).status).toBe(404);
    expect(
      (await new BrowserClient(server.url).post("/subscribe/checkout", { plan: planId, terms: true })).status,
    ).toBe(401);
  });

  it("activates the membership on payment at the plan's price, with the card's brand and digits, once", async () => {
    const member = await subscribe();
    const membership = await membershipOf(member.membershipId);
    expect(membership).toMatchObject({ status: "active", price_cents: 4999, period_number: 1, card_last4: "4242" });
    expect(membership.current_period_end).toBe(addMonths(membership.started_at!, 1));
    const mine = await member.client.json("GET", "/my/membership");
    expect(mine.body.memberships[0]).toMatchObject({
      status: "active",
      next_charge_at: membership.current_period_end,
      card: { brand: "visa", last4: "4242" },
      actions: { cancel: true, resume: false },
    });
    const page = await member.client.page("/my/membership");
    expect(page.html).toContain("Visa ending in 4242");
    const again = await member.client.post("/subscribe/checkout", { plan: planId, terms: true });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("You are already a member of this plan.");
  });

  it("leaves a declined payment without access", async () => {
    const student = await newStudent(server);
    await student.client.page("/my");
    const start = await student.client.post("/subscribe/checkout", { plan: planId, terms: true });
    const declined = await student.client.post(`${start.body.redirect}/decline`);
    expect(declined.body.redirect).toBe(`/subscribe/checkout?plan=${planId}&declined=1`);
    expect((await membershipOf(start.body.membership_id)).status).toBe("STARTED");
    expect(await opens(student.client)).toEqual(none);
  });
});

describe("what a membership opens", () => {
  it("opens the plan's course, product and topic while active, and nothing before", async () => {
    const student = await newStudent(server);
    await student.client.page("/my");
    expect(await opens(student.client)).toEqual(none);
    const start = await student.client.post("/subscribe/checkout", { plan: planId, terms: true });
    await student.client.post(`${start.body.redirect}/pay`, { card: "ok" });
    expect(await opens(student.client)).toEqual(all);
    // The course is listed on /my like a bought one.
    const { title } = await server.handle.db
      .selectFrom("courses")
      .select("title")
      .where("id", "=", course.id)
      .executeTakeFirstOrThrow();
    expect((await student.client.page("/my")).html).toContain(title);
  });

  it("keeps access while past due, and closes it once expired", async () => {
    const member = await subscribe("decline");
    const end = (await membershipOf(member.membershipId)).current_period_end!;
    const { chargers } = countingChargers();
    expect(
      await renewMembership(server.handle.db, chargers, { membershipId: member.membershipId, period: 2 }, end),
    ).toBe("retrying");
    expect((await membershipOf(member.membershipId)).status).toBe("past_due");
    expect(await opens(member.client)).toEqual(all);
    await server.handle.db
      .updateTable("memberships")
      .set({ status: "expired" })
      .where("id", "=", member.membershipId)
      .execute();
    await waitFor(async () => JSON.stringify(await opens(member.client)) === JSON.stringify(none));
  });
});

describe("cancelling with the survey", () => {
  it("needs CANCEL typed, cancels at the period's end, keeps access until then, then finishes", async () => {
    const member = await subscribe();
    const body = { membership_id: member.membershipId };
    const wrong = await member.client.post("/my/membership/cancel", { ...body, confirm: "yes" });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.confirm).toEqual(["Type CANCEL to confirm."]);
    const other = await newStudent(server);
    expect((await other.client.post("/my/membership/cancel", { ...body, confirm: "CANCEL" })).status).toBe(404);
    const canceled = await member.client.post("/my/membership/cancel", { ...body, confirm: "CANCEL" });
    expect(canceled.status).toBe(200);
    expect(canceled.body).toEqual({ membership_id: member.membershipId });
    const membership = await membershipOf(member.membershipId);
    expect(membership).toMatchObject({ status: "canceled", cancel_at_period_end: 1 });
    expect(await opens(member.client)).toEqual(all);
    // No renewal for a canceled membership, even when its period has ended.
    const { calls, chargers } = countingChargers();
    const end = membership.current_period_end!;
    expect(
      await renewMembership(server.handle.db, chargers, { membershipId: member.membershipId, period: 2 }, end),
    ).toBe("skipped");
    expect(calls).toEqual([]);
    await scanRenewals(server.handle.db, end);
    expect((await membershipOf(member.membershipId)).status).toBe("finished");
    await waitFor(async () => JSON.stringify(await opens(member.client)) === JSON.stringify(none));
  });

  it("requires a reason, and 4 characters of one's own for 'other' and 'technical'; answers once", async () => {
    const member = await subscribe();
    const id = member.membershipId;
    await member.client.post("/my/membership/cancel", { membership_id: id, confirm: "cancel" });
    const noReason = await member.client.post("/my/membership/cancel-survey", { membership_id: id });
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors.reason).toEqual(["Choose a reason."]);
    for (const reason of ["other", "technical"]) {
      const short = await member.client.post("/my/membership/cancel-survey", {
        membership_id: id,
        reason,
        other_reason: "abc",
      });
      expect(short.status).toBe(422);
      expect(short.body.errors.other_reason).toEqual(["Write at least 4 characters."]);
    }
    const stranger = await newStudent(server);
    expect(
      (await stranger.client.post("/my/membership/cancel-survey", { membership_id: id, reason: "expensive" })).status,
    ).toBe(404);
    const answered = await member.client.post("/my/membership/cancel-survey", {
      membership_id: id,
      reason: "other",
      other_reason: "Moving abroad",
    });
    expect(answered.status).toBe(200);
    expect(answered.body).toEqual({ membership_id: id });
    const row = await server.handle.db
      .selectFrom("membership_cancellations")
      .selectAll()
      .where("membership_id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ reason: "other", other_reason: "Moving abroad" });
    expect(
      (await member.client.post("/my/membership/cancel-survey", { membership_id: id, reason: "expensive" })).status,
    ).toBe(409);
  });

  it("lets a canceled member resume before the period ends", async () => {
    const member = await subscribe();
    await member.client.post("/my/membership/cancel", { membership_id: member.membershipId, confirm: "CANCEL" });
    const resumed = await member.client.post("/my/membership/resume", { membership_id: member.membershipId });
    expect(resumed.status).toBe(200);
    expect((await membershipOf(member.membershipId)).status).toBe("active");
  });
});

describe("closing sign-ups and changing the price", () => {
  it("refuses new members, keeps renewing existing ones at the price they signed up at", async () => {
    const member = await subscribe();
    const closed = await admin.json("PUT", `/home/memberships/${planId}`, {
      ...planBody(),
      price: "59.99",
      signups_open: 0,
    });
    expect(closed.status).toBe(200);
    const newcomer = await newStudent(server);
    await newcomer.client.page("/my");
    const refused = await newcomer.client.post("/subscribe/checkout", { plan: planId, terms: true });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("This plan is not open for new members.");
    const end = (await membershipOf(member.membershipId)).current_period_end!;
    const { chargers } = countingChargers();
    expect(
      await renewMembership(server.handle.db, chargers, { membershipId: member.membershipId, period: 2 }, end),
    ).toBe("paid");
    const charge = await server.handle.db
      .selectFrom("membership_charges")
      .selectAll()
      .where("membership_id", "=", member.membershipId)
      .where("period_number", "=", 2)
      .executeTakeFirstOrThrow();
    expect(charge).toMatchObject({ amount_cents: 4999, status: "succeeded" });
    await admin.json("PUT", `/home/memberships/${planId}`, planBody());
  });
});

describe("renewals", () => {
  it("charge each period exactly once under two concurrent runs, and extend the period", async () => {
    const member = await subscribe();
    const before = await membershipOf(member.membershipId);
    const end = before.current_period_end!;
    // Two scans at once queue one renewal job.
    await Promise.all([scanRenewals(server.handle.db, end), scanRenewals(server.handle.db, end)]);
    const jobs = await server.handle.db
      .selectFrom("jobs")
      .select("unique_key")
      .where("unique_key", "like", `membership-renewal:${member.membershipId}:%`)
      .execute();
    expect(jobs.map((job) => job.unique_key)).toEqual([`membership-renewal:${member.membershipId}:2:1`]);
    // Two workers renewing at once charge once.
    const { calls, chargers } = countingChargers();
    const target = { membershipId: member.membershipId, period: 2 };
    const outcomes = await Promise.all([
      renewMembership(server.handle.db, chargers, target, end),
      renewMembership(server.handle.db, chargers, target, end),
    ]);
    expect(outcomes.sort()).toEqual(["paid", "skipped"]);
    expect(calls).toEqual([`membership:${member.membershipId}:period:2`]);
    const after = await membershipOf(member.membershipId);
    expect(after).toMatchObject({ status: "active", period_number: 2, current_period_start: end });
    expect(after.current_period_end).toBe(addMonths(before.started_at!, 2));
    // A repeat of the same job charges nothing more.
    expect(await renewMembership(server.handle.db, chargers, target, after.current_period_end!)).toBe("skipped");
    expect(calls).toHaveLength(1);
  });

  it("retry a declined card on days +1, +3, +5, +7 after the first failure, then expire", async () => {
    const member = await subscribe("decline");
    const end = (await membershipOf(member.membershipId)).current_period_end!;
    const { calls, chargers } = countingChargers();
    const target = { membershipId: member.membershipId, period: 2 };
    const day = (n: number) => new Date(Date.parse(end) + n * 86_400_000).toISOString();
    expect(await renewMembership(server.handle.db, chargers, target, end)).toBe("retrying");
    const retryAt = async () =>
      (
        await server.handle.db
          .selectFrom("membership_charges")
          .select("next_retry_at")
          .where("membership_id", "=", member.membershipId)
          .where("period_number", "=", 2)
          .executeTakeFirstOrThrow()
      ).next_retry_at;
    expect(await retryAt()).toBe(day(1));
    // Not before the retry's day.
    expect(await renewMembership(server.handle.db, chargers, target, day(0.5))).toBe("skipped");
    const mine = await member.client.json("GET", "/my/membership");
    expect(mine.body.memberships[0]).toMatchObject({ status: "past_due", next_charge_at: day(1) });
    for (const [at, next] of [
      [1, 3],
      [3, 5],
      [5, 7],
    ] as const) {
      await scanRenewals(server.handle.db, day(at));
      expect(await renewMembership(server.handle.db, chargers, target, day(at))).toBe("retrying");
      expect(await retryAt()).toBe(day(next));
      expect((await membershipOf(member.membershipId)).status).toBe("past_due");
    }
    expect(await renewMembership(server.handle.db, chargers, target, day(7))).toBe("expired");
    expect(calls).toHaveLength(5);
    expect((await membershipOf(member.membershipId)).status).toBe("expired");
    await waitFor(async () => JSON.stringify(await opens(member.client)) === JSON.stringify(none));
    const page = await member.client.json("GET", "/my/membership");
    expect(page.body.memberships[0]).toMatchObject({ status: "expired", actions: { subscribe_again: true } });
  });

  it("put a renewed membership at risk when its card expires before the next charge; access holds", async () => {
    const member = await subscribe();
    const end = (await membershipOf(member.membershipId)).current_period_end!;
    const expiry = new Date(end);
    await server.handle.db
      .updateTable("memberships")
      .set({ card_exp_month: expiry.getUTCMonth() + 1, card_exp_year: expiry.getUTCFullYear() })
      .where("id", "=", member.membershipId)
      .execute();
    const { chargers } = countingChargers();
    expect(
      await renewMembership(server.handle.db, chargers, { membershipId: member.membershipId, period: 2 }, end),
    ).toBe("paid");
    expect((await membershipOf(member.membershipId)).status).toBe("at_risk");
    expect(await opens(member.client)).toEqual(all);
    const page = await member.client.page("/my/membership");
    expect(page.html).toContain("At risk");
  });

  it("start a trial with no charge, and charge the first period when it ends", async () => {
    const trial = await admin.post("/home/memberships", { ...planBody(), name: "Trial club", trial_days: 7 });
    expect(trial.status).toBe(200);
    const student = await newStudent(server);
    await student.client.page("/my");
    const start = await student.client.post("/subscribe/checkout", {
      plan: trial.body.membership_plan.id,
      terms: true,
    });
    await student.client.post(`${start.body.redirect}/pay`, { card: "ok" });
    const begun = await membershipOf(start.body.membership_id);
    expect(begun).toMatchObject({ status: "active", period_number: 0 });
    expect(Date.parse(begun.trial_ends_at!) - Date.parse(begun.current_period_start!)).toBe(7 * 86_400_000);
    expect(begun.current_period_end).toBe(begun.trial_ends_at);
    expect(await opens(student.client)).toEqual(all);
    const charges = () =>
      server.handle.db
        .selectFrom("membership_charges")
        .select(["period_number", "status"])
        .where("membership_id", "=", start.body.membership_id)
        .execute();
    expect(await charges()).toEqual([]);
    const { chargers } = countingChargers();
    const target = { membershipId: start.body.membership_id as number, period: 1 };
    expect(await renewMembership(server.handle.db, chargers, target, begun.trial_ends_at!)).toBe("paid");
    expect(await charges()).toEqual([{ period_number: 1, status: "succeeded" }]);
    const paid = await membershipOf(start.body.membership_id);
    expect(paid).toMatchObject({ period_number: 1, current_period_start: begun.trial_ends_at });
    expect(paid.current_period_end).toBe(addMonths(begun.trial_ends_at!, 1));
  });

  it("never retry a hard decline", async () => {
    const member = await subscribe("stolen");
    const end = (await membershipOf(member.membershipId)).current_period_end!;
    const { chargers } = countingChargers();
    expect(
      await renewMembership(server.handle.db, chargers, { membershipId: member.membershipId, period: 2 }, end),
    ).toBe("expired");
  });
});

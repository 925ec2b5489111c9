// The memberships' figures on /home/memberships (issue 15, item 8) over real HTTP on the test database, each
// against data whose answer is known: active members, MRR (a 12-month plan counts price / 12, lifetime none,
// canceled only until its period ends), churn by month in the school's time zone, the survey's reasons, revenue
// recovered by dunning. Admins only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { monthStarts } from "#core/memberships/admin/get-membership-figures.ts";
import { addDays } from "#core/memberships/periods.ts";
import type { BrowserClient } from "../helpers/browser-client.ts";
import { newStudent } from "../helpers/discussion-fixtures.ts";
import { setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { arrangeMembership, arrangePlan, arrangeUser } from "./memberships-admin-helpers.ts";

let server: TestServer;
let admin: BrowserClient;
let months: { month: string; start: string }[];

beforeAll(async () => {
  server = await startTestServer();
  admin = await setUpSchool(server);
  const db = server.handle.db;
  await db.updateTable("school").set({ time_zone: "Europe/Warsaw" }).execute();
  const now = new Date().toISOString();
  months = monthStarts(now, "Europe/Warsaw", 6);
  const monthly = await arrangePlan(db, { name: "Monthly" });
  const yearly = await arrangePlan(db, { name: "Yearly", period_months: 12, price_cents: 12000 });
  const lifetime = await arrangePlan(db, { name: "Lifetime", period_months: -1, price_cents: 50000 });
  const user = (name: string) => arrangeUser(db, name);
  const future = addDays(now, 10);
  const past = addDays(now, -1);

  // Live now: counted, and in MRR unless lifetime.
  const m1 = await arrangeMembership(db, {
    userId: await user("A"),
    planId: monthly,
    status: "active",
    current_period_end: future,
  });
  await arrangeMembership(db, {
    userId: await user("B"),
    planId: yearly,
    status: "at_risk",
    price_cents: 12000,
    period_months: 12,
    current_period_end: future,
  });
  await arrangeMembership(db, {
    userId: await user("C"),
    planId: monthly,
    status: "past_due",
    price_cents: 4000,
    current_period_end: past,
  });
  await arrangeMembership(db, {
    userId: await user("D"),
    planId: monthly,
    status: "canceled",
    price_cents: 2000,
    current_period_end: future,
  });
  await arrangeMembership(db, {
    userId: await user("E"),
    planId: lifetime,
    status: "active",
    price_cents: 50000,
    period_months: -1,
  });
  await arrangeMembership(db, {
    userId: await user("F"),
    planId: monthly,
    status: "active",
    price_cents: 1000,
    currency: "EUR",
    current_period_end: future,
  });
  // Not live: a canceled one past its end (not yet finished by the scan), one that ended now, an unpaid checkout.
  await arrangeMembership(db, {
    userId: await user("G"),
    planId: monthly,
    status: "canceled",
    current_period_end: past,
  });
  await arrangeMembership(db, {
    userId: await user("H"),
    planId: monthly,
    status: "expired",
    current_period_end: past,
    ended_at: now,
  });
  await arrangeMembership(db, { userId: await user("I"), planId: monthly, status: "STARTED" });

  // Churn: four members who joined the day after the start of the month before last.
  const previous = months[4]!.start;
  const joined = addDays(months[3]!.start, 1);
  const early = { planId: monthly, created_at: joined, started_at: joined };
  await arrangeMembership(db, { ...early, userId: await user("J"), status: "expired", ended_at: addDays(previous, 5) });
  await arrangeMembership(db, {
    ...early,
    userId: await user("K"),
    status: "finished",
    ended_at: addDays(previous, 10),
  });
  await arrangeMembership(db, { ...early, userId: await user("L"), status: "active", current_period_end: future });
  await arrangeMembership(db, { ...early, userId: await user("M"), status: "finished", ended_at: addDays(joined, 9) });

  const cancellation = (membership_id: number, reason: "expensive" | "no_value" | null) => ({
    membership_id,
    user_id: 1,
    reason,
    created_at: now,
  });
  await db
    .insertInto("membership_cancellations")
    .values([
      cancellation(m1, "expensive"),
      cancellation(m1, "expensive"),
      cancellation(m1, "no_value"),
      cancellation(m1, null),
    ])
    .execute();
  const charge = (period: number, status: "succeeded" | "failed", attempts: number, amount_cents: number) => ({
    membership_id: m1,
    period_number: period,
    idempotency_key: `membership:${m1}:period:${period}`,
    amount_cents,
    currency: "PLN",
    status,
    attempts,
    provider: "test",
    created_at: now,
    updated_at: now,
  });
  await db
    .insertInto("membership_charges")
    .values([
      charge(1, "succeeded", 1, 5000),
      charge(2, "succeeded", 2, 3000),
      charge(3, "succeeded", 3, 4000),
      charge(4, "failed", 2, 9000),
    ])
    .execute();
});

afterAll(async () => {
  await server?.stop();
});

describe("the memberships' figures", () => {
  it("count members, MRR per currency, reasons and what retries recovered", async () => {
    const answer = await admin.json("GET", "/home/memberships/figures");
    expect(answer.status).toBe(200);
    const f = answer.body.figures;
    // A, B, C, D, E, F and L.
    expect(f.active_members).toBe(7);
    // PLN: A 30 + B 120/12 + C 40 + D 20 + L 30; lifetime E counts nothing.
    expect(f.mrr).toEqual(
      expect.arrayContaining([
        { currency: "PLN", amount_cents: 13000 },
        { currency: "EUR", amount_cents: 1000 },
      ]),
    );
    expect(f.mrr).toHaveLength(2);
    expect(f.reasons).toEqual([
      { reason: "expensive", count: 2 },
      { reason: "no_value", count: 1 },
    ]);
    expect(f.recovered).toEqual([{ currency: "PLN", amount_cents: 7000, charges: 2 }]);
  });

  it("give churn per month of the school's time zone: ended in the month / live at its start", async () => {
    const { churn } = (await admin.json("GET", "/home/memberships/figures")).body.figures;
    expect(churn.map((c: any) => c.month)).toEqual(months.slice(0, 6).map((m) => m.month));
    // The month before last: M joined and ended within it; nobody was live at its start.
    expect(churn[3]).toEqual({ month: months[3]!.month, active_at_start: 0, ended: 1, rate: null });
    // Last month: J, K and L were live at its start; J and K ended.
    expect(churn[4]).toMatchObject({ month: months[4]!.month, active_at_start: 3, ended: 2 });
    expect(churn[4].rate).toBeCloseTo(2 / 3);
    // This month: L was live at its start; H ended (it joined this month).
    expect(churn[5]).toMatchObject({ active_at_start: 1, ended: 1, rate: 1 });
  });

  it("show on the plans page, in the page's language, for admins only", async () => {
    const page = await admin.page("/home/memberships");
    expect(page.status).toBe(200);
    expect(page.html).toMatch(/data-testid="figure-active"[^>]*>7</);
    expect(page.html).toContain("Monthly recurring revenue");
    expect(page.html).toContain('data-reason="expensive"');
    const student = await newStudent(server);
    expect((await student.client.json("GET", "/home/memberships/figures")).status).toBe(403);
  });
});

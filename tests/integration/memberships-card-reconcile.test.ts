// The reconcile of renewal charges (issue 15 item 3) over real servers on the test database (SQLite, or
// PostgreSQL with TEST_DATABASE_URL): the server is killed (SIGKILL, as kill -9) inside a renewal, after claiming
// the period's charge and after the provider's answer, before anything is recorded; after a restart the charge
// left pending is settled by asking the provider about its idempotency key: the period is paid and extended once,
// never charged again, never lost. A charge still in a worker's hands (younger than RECONCILE_AFTER_MS) is left
// alone, and two reconcilers at once settle it once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TokenCharge, TokenChargers } from "#core/memberships/billing.ts";
import { renewMembershipJob } from "#core/memberships/jobs.ts";
import { RECONCILE_AFTER_MS, reconcilePendingCharges } from "#core/memberships/reconcile-charges.ts";
import { renewMembership } from "#core/memberships/renew-membership.ts";
import { testTokenCharger } from "#core/memberships/test-billing.ts";
import type { Db } from "#platform/db/connection.ts";
import { enqueueJob } from "#platform/jobs/queue.ts";
import { newStudent } from "../helpers/discussion-fixtures.ts";
import { setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer, waitFor } from "../helpers/test-server.ts";

/** The test provider's charger, counting what it is asked: charges and lookups by idempotency key. */
function countingChargers() {
  const charges: string[] = [];
  const lookups: string[] = [];
  const chargers: TokenChargers = {
    get: (name) =>
      name === "test"
        ? {
            name,
            chargeToken: async (charge: TokenCharge) => {
              charges.push(charge.idempotencyKey);
              return testTokenCharger.chargeToken(charge);
            },
            lookup: async (charge: TokenCharge) => {
              lookups.push(charge.idempotencyKey);
              return testTokenCharger.lookup!(charge);
            },
          }
        : null,
  };
  return { charges, lookups, chargers };
}

async function arrangeMember(server: TestServer) {
  const admin = await setUpSchool(server, { language: "en" });
  const plan = await admin.post("/home/memberships", {
    name: "Reconciled club",
    description: "",
    price: "20.00",
    vat_rate: 23,
    currency: "PLN",
    period_months: 1,
    trial_days: 0,
    signups_open: 1,
  });
  expect(plan.status).toBe(200);
  const student = await newStudent(server);
  await student.client.page(`/subscribe/checkout?plan=${plan.body.membership_plan.id}`);
  const start = await student.client.post("/subscribe/checkout", { plan: plan.body.membership_plan.id, terms: true });
  expect((await student.client.post(`${start.body.redirect}/pay`, { card: "ok" })).status).toBe(200);
  const membershipId = start.body.membership_id as number;
  // The period ended an hour ago: period 2 is due.
  await server.handle.db
    .updateTable("memberships")
    .set({ current_period_end: new Date(Date.now() - 3_600_000).toISOString() })
    .where("id", "=", membershipId)
    .execute();
  return membershipId;
}

const charge2 = (db: Db, membershipId: number) =>
  db
    .selectFrom("membership_charges")
    .selectAll()
    .where("membership_id", "=", membershipId)
    .where("period_number", "=", 2)
    .executeTakeFirst();

const membershipOf = (db: Db, id: number) =>
  db.selectFrom("memberships").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

const later = () => new Date(Date.now() + RECONCILE_AFTER_MS + 60_000).toISOString();

describe("a renewal killed with the server", () => {
  for (const point of ["membership.renewal-claimed", "membership.renewal-charged"]) {
    it(`is settled once after a restart when killed at ${point}`, { timeout: 240_000 }, async () => {
      const crashing = await startTestServer({ STUDIUM_CRASH_POINT: point });
      let restarted: TestServer | undefined;
      try {
        const membershipId = await arrangeMember(crashing);
        const periodEnd = (await membershipOf(crashing.handle.db, membershipId)).current_period_end;
        // The server's worker runs the renewal and dies at the point, before recording anything.
        await enqueueJob(
          crashing.handle.db,
          renewMembershipJob,
          { membership_id: membershipId, period: 2 },
          { key: `membership-renewal:${membershipId}:2:1`, maxAttempts: 3 },
        );
        await crashing.crashed();

        restarted = await startTestServer({}, { database: crashing.database });
        const db = restarted.handle.db;
        expect(await charge2(db, membershipId)).toMatchObject({ status: "pending", attempts: 1 });
        // Left pending, the period is neither charged again by a renewal nor extended.
        const { charges, lookups, chargers } = countingChargers();
        expect(await renewMembership(db, chargers, { membershipId, period: 2 })).toBe("skipped");
        // Too young to be an abandoned charge: left alone.
        expect(await reconcilePendingCharges(db, chargers)).toEqual({ paid: 0, failed: 0, left: 0 });

        // Later, two reconcilers at once: the provider is asked once, the period paid and extended once.
        const at = later();
        const reports = await Promise.all([
          reconcilePendingCharges(db, chargers, at),
          reconcilePendingCharges(db, chargers, at),
        ]);
        expect(reports.reduce((sum, r) => sum + r.paid, 0)).toBe(1);
        expect(lookups).toEqual([`membership:${membershipId}:period:2`]);
        expect(charges).toEqual([]);
        expect(await charge2(db, membershipId)).toMatchObject({ status: "succeeded", attempts: 1 });
        const membership = await membershipOf(db, membershipId);
        expect(membership).toMatchObject({ status: "active", period_number: 2, current_period_start: periodEnd });
        // Nothing is left to do: no second charge by any path.
        expect(await reconcilePendingCharges(db, chargers, later())).toEqual({ paid: 0, failed: 0, left: 0 });
        expect(await renewMembership(db, chargers, { membershipId, period: 2 }, later())).toBe("skipped");
        expect(charges).toEqual([]);
        const succeeded = await db
          .selectFrom("membership_charges")
          .select("id")
          .where("membership_id", "=", membershipId)
          .where("status", "=", "succeeded")
          .execute();
        expect(succeeded).toHaveLength(2);
      } finally {
        await (restarted ?? crashing).stop();
      }
    });
  }
});

describe("a pending charge the provider never saw", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("is charged under its own idempotency key; a provider that cannot say leaves it pending", async () => {
    const membershipId = await arrangeMember(server);
    const db = server.handle.db;
    const now = new Date().toISOString();
    await db
      .insertInto("membership_charges")
      .values({
        membership_id: membershipId,
        period_number: 2,
        idempotency_key: `membership:${membershipId}:period:2`,
        amount_cents: 2000,
        currency: "PLN",
        status: "pending",
        attempts: 1,
        provider: "test",
        created_at: now,
        updated_at: now,
      })
      .execute();
    // A charger with no lookup cannot tell whether the money moved: nothing is charged, the row waits.
    const blind: TokenChargers = { get: () => ({ name: "test", chargeToken: testTokenCharger.chargeToken }) };
    expect(await reconcilePendingCharges(db, blind, later())).toEqual({ paid: 0, failed: 0, left: 1 });
    expect(await charge2(db, membershipId)).toMatchObject({ status: "pending" });

    // The provider has no charge under the key (the crash came before the call): it is made now, once.
    const charges: string[] = [];
    const unseen: TokenChargers = {
      get: () => ({
        name: "test",
        chargeToken: async (charge) => {
          charges.push(charge.idempotencyKey);
          return testTokenCharger.chargeToken(charge);
        },
        lookup: async () => null,
      }),
    };
    const at = new Date(Date.parse(later()) + RECONCILE_AFTER_MS).toISOString();
    expect(await reconcilePendingCharges(db, unseen, at)).toEqual({ paid: 1, failed: 0, left: 0 });
    expect(charges).toEqual([`membership:${membershipId}:period:2`]);
    expect(await charge2(db, membershipId)).toMatchObject({ status: "succeeded" });
    await waitFor(async () => (await membershipOf(db, membershipId)).period_number === 2);
  });
});

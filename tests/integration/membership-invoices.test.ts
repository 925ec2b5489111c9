// Membership invoices (issue 15) over real HTTP against the stateful Fakturownia fake (SQLite, or PostgreSQL with
// TEST_DATABASE_URL): the first charge at checkout and each renewal queue one invoice per charge, issued once even
// when the job runs again; the member sees them on /my/membership with the PDF link, nobody else can open them.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { issueMembershipInvoiceJob } from "#core/invoices/jobs.ts";
import { scheduleMembershipInvoice } from "#core/invoices/schedule-membership-invoice.ts";
import { renewMembership } from "#core/memberships/renew-membership.ts";
import type { TokenChargers } from "#core/memberships/billing.ts";
import { testTokenCharger } from "#core/memberships/test-billing.ts";
import { enqueue } from "#platform/jobs/queue.ts";
import { type FakeFakturownia, startFakeFakturownia } from "#tests/fakes/fakturownia.ts";
import { visitor } from "../helpers/accounts.ts";
import type { BrowserClient } from "../helpers/browser-client.ts";
import { setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer, waitFor } from "../helpers/test-server.ts";
import { createMonthlyPlan, subscribeNewStudent } from "./membership-flow-helpers.ts";

const testTokenChargers: TokenChargers = { get: (name) => (name === "test" ? testTokenCharger : null) };
const account = { account: "akademia", apiToken: "fk-membership-token-0001" };

let server: TestServer;
let fakturownia: FakeFakturownia;
let admin: BrowserClient;
let planId: number;

beforeAll(async () => {
  fakturownia = await startFakeFakturownia(account);
  server = await startTestServer({ INVOICING_BASE_URL_FAKTUROWNIA: fakturownia.baseUrl });
  admin = await setUpSchool(server, { language: "en" });
  const setUp = await admin.post("/home/integrations", {
    provider: "fakturownia",
    settings: { account: account.account, api_token: account.apiToken },
  });
  expect(setUp.status).toBe(200);
  planId = await createMonthlyPlan(admin, { name: "Photo club", price: "49.20", currency: "PLN" });
});
afterAll(async () => {
  await server?.stop();
  await fakturownia?.close();
});
afterEach(() => {
  expect(fakturownia.unhandled).toEqual([]);
});

const subscribe = () => subscribeNewStudent(server, planId, "Maria Member");

async function chargeOf(membershipId: number, period: number) {
  return server.handle.db
    .selectFrom("membership_charges")
    .selectAll()
    .where("membership_id", "=", membershipId)
    .where("period_number", "=", period)
    .executeTakeFirstOrThrow();
}

async function issuedInvoice(chargeId: number) {
  return waitFor(async () => {
    const row = await server.handle.db
      .selectFrom("membership_invoices")
      .selectAll()
      .where("charge_id", "=", chargeId)
      .executeTakeFirst();
    return row?.status === "issued" ? row : null;
  });
}

async function jobsFor(chargeId: number) {
  const jobs = await server.handle.db.selectFrom("jobs").selectAll().where("type", "=", "invoice.membership").execute();
  return jobs.filter((job) => JSON.parse(job.payload).chargeId === chargeId);
}

describe("membership invoices", () => {
  it("invoices the first charge and a renewal once each, even when the job runs twice", async () => {
    const member = await subscribe();
    const first = await chargeOf(member.membershipId, 1);
    const firstInvoice = await issuedInvoice(first.id);
    const sent = fakturownia.invoices.find(
      (i) => i.invoice.oid === `studium-membership:${member.membershipId}:period:1`,
    );
    expect(sent?.invoice).toMatchObject({
      buyer_name: "Maria Member",
      buyer_company: "0",
      currency: "PLN",
      paid: "49.20",
      positions: [{ name: "Photo club", quantity: 1, total_price_gross: "49.20", tax: 23 }],
    });
    expect(firstInvoice.number).toBe(sent!.number);

    // The renewal of period 2: paid, and its invoice queued in the same transaction.
    const membership = await server.handle.db
      .selectFrom("memberships")
      .selectAll()
      .where("id", "=", member.membershipId)
      .executeTakeFirstOrThrow();
    const end = membership.current_period_end!;
    const target = { membershipId: member.membershipId, period: 2 };
    expect(await renewMembership(server.handle.db, testTokenChargers, target, end)).toBe("paid");
    const second = await chargeOf(member.membershipId, 2);
    await issuedInvoice(second.id);
    const count = fakturownia.invoices.length;

    // Scheduled again (a replayed recording) and the job run again: no second invoice.
    expect(
      (await server.handle.db.transaction().execute((trx) => scheduleMembershipInvoice(trx, second.id))).scheduled,
    ).toBe(false);
    await enqueue(server.handle.db, issueMembershipInvoiceJob, { chargeId: second.id });
    await waitFor(async () => {
      const jobs = await jobsFor(second.id);
      return jobs.length === 2 && jobs.every((job) => job.status === "done");
    });
    expect(fakturownia.invoices.length).toBe(count);
    const rows = await server.handle.db
      .selectFrom("membership_invoices")
      .selectAll()
      .where("charge_id", "in", [first.id, second.id])
      .execute();
    expect(rows.map((row) => row.attempts)).toEqual([1, 1]);

    // The member's page lists both with their PDF links; the JSON says the same.
    const page = await member.client.page("/my/membership");
    expect(page.status).toBe(200);
    for (const row of rows) expect(page.html).toContain(`/my/membership/invoices/${row.id}/pdf`);
    expect(page.html).toContain(firstInvoice.number!);
    const json = await member.client.json("GET", "/my/membership");
    expect(json.body.invoices.map((i: { id: number }) => i.id).sort()).toEqual(rows.map((row) => row.id).sort());
    const pdf = await member.client.raw(`/my/membership/invoices/${rows[0]!.id}/pdf`);
    expect(pdf.status).toBe(302);
    expect(pdf.headers.get("location")).toContain(`/${account.account}/invoice/`);
  });

  it("opens an invoice for its owner only: another member gets 404, a visitor 401", async () => {
    const owner = await subscribe();
    const invoice = await issuedInvoice((await chargeOf(owner.membershipId, 1)).id);
    const other = await subscribe();
    expect((await other.client.raw(`/my/membership/invoices/${invoice.id}/pdf`)).status).toBe(404);
    expect((await other.client.page("/my/membership")).html).not.toContain(`/my/membership/invoices/${invoice.id}/`);
    const json = await other.client.json("GET", "/my/membership");
    expect(json.body.invoices.map((i: { id: number }) => i.id)).not.toContain(invoice.id);
    // A purchase invoice's route does not open a membership invoice's id either.
    expect((await other.client.raw(`/my/invoices/${invoice.id}/pdf`)).status).toBe(404);
    const guest = await visitor(server, "/login");
    expect((await guest.raw(`/my/membership/invoices/${invoice.id}/pdf`)).status).toBe(401);
    expect((await owner.client.raw(`/my/membership/invoices/${invoice.id}/pdf`)).status).toBe(302);
  });

  it("queues no invoice for a free plan's start", async () => {
    const freePlan = await createMonthlyPlan(admin, { name: "Free club", price: "0", currency: "PLN" });
    const start = { body: { membership_id: (await subscribeNewStudent(server, freePlan)).membershipId } };
    const charges = await server.handle.db
      .selectFrom("membership_charges as c")
      .innerJoin("membership_invoices as i", "i.charge_id", "c.id")
      .select("i.id")
      .where("c.membership_id", "=", start.body.membership_id)
      .execute();
    expect(charges).toEqual([]);
  });
});

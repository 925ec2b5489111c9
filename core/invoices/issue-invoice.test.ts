// Scheduling and issuing invoices on a real database (SQLite, or PostgreSQL with TEST_DATABASE_URL) against the
// stateful fakes of iFirma and Fakturownia: scheduled only with invoice details and an enabled service, in the
// payment's transaction; issued once however often the job runs (also two runs at once); failures retried, marked
// failed with the job's last attempt, and retried again by the owner; unpaid transactions refused.
import { actors } from "#core/shared/test-actors.ts";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setIntegrationEnabled } from "#core/integrations/set-integration-enabled.ts";
import { nowIso, type Db } from "#platform/db/connection.ts";
import { registerJob } from "#platform/jobs/define-job.ts";
import { enqueue } from "#platform/jobs/queue.ts";
import { createWorker } from "#platform/jobs/worker.ts";
import { invoicingProviders } from "#integrations/invoicing/registry.ts";
import { type FakeFakturownia, startFakeFakturownia } from "#tests/fakes/fakturownia.ts";
import { type FakeIfirma, startFakeIfirma } from "#tests/fakes/ifirma.ts";
import { addCourseProduct, addInvoicing, addSale, addUser } from "#tests/helpers/invoice-fixtures.ts";
import { createUnitDatabase, type UnitDatabase } from "#tests/helpers/unit-database.ts";
import { getInvoiceForTransaction } from "./get-invoice-for-transaction.ts";
import { type InvoiceDeps, issueInvoice } from "./issue-invoice.ts";
import { issueInvoiceJob } from "./jobs.ts";
import { listInvoicesForUser } from "./list-invoices-for-user.ts";
import { scheduleInvoice } from "./schedule-invoice.ts";

const secret = Buffer.from("unit-secret-unit-secret-unit-secret-0123456789", "utf8");
const ifirmaAccount = { login: "szkola", keyHex: "a1b2c3d4e5f60718", keyName: "faktura" };
const fakturowniaAccount = { account: "szkola", apiToken: "fk-unit-token" };

let database: UnitDatabase;
let db: Db;
let ifirma: FakeIfirma;
let fakturownia: FakeFakturownia;
let deps: InvoiceDeps;
let userId: number;
let productId: number;

beforeAll(async () => {
  database = await createUnitDatabase();
  db = database.handle.db;
  ifirma = await startFakeIfirma(ifirmaAccount);
  fakturownia = await startFakeFakturownia(fakturowniaAccount);
  deps = {
    db,
    secret,
    providerFor: invoicingProviders({ baseUrls: { ifirma: ifirma.url, fakturownia: fakturownia.baseUrl } }),
  };
  userId = await addUser(db, "anna@example.com");
  productId = await addCourseProduct(db, "Kurs fotografii");
});
afterAll(async () => {
  await ifirma?.close();
  await fakturownia?.close();
  await database?.drop();
});
beforeEach(async () => {
  for (const table of ["invoices", "jobs", "transactions", "integrations"] as const)
    await db.deleteFrom(table).execute();
  for (const list of [ifirma.invoices, ifirma.requests, fakturownia.invoices, fakturownia.requests]) list.length = 0;
  ifirma.failNext(0);
  fakturownia.failNext(0);
});
afterEach(() => {
  expect(ifirma.unhandled).toEqual([]);
  expect(fakturownia.unhandled).toEqual([]);
});

const useIfirma = () =>
  addInvoicing(db, secret, "ifirma", {
    login: ifirmaAccount.login,
    invoice_key: ifirmaAccount.keyHex,
    key_name: "faktura",
  });
const useFakturownia = () =>
  addInvoicing(db, secret, "fakturownia", {
    account: fakturowniaAccount.account,
    api_token: fakturowniaAccount.apiToken,
  });

async function invoiceJobs() {
  return db.selectFrom("jobs").selectAll().where("type", "=", "invoice.issue").execute();
}

describe("scheduleInvoice", () => {
  it("schedules one invoice and one job, in the caller's transaction", async () => {
    await useIfirma();
    const sale = await addSale(db, { userId, productId });
    const result = await db.transaction().execute((trx) => scheduleInvoice(trx, sale.id));
    expect(result).toEqual({ scheduled: true });
    expect(await getInvoiceForTransaction(db, sale.id)).toMatchObject({
      provider: "ifirma",
      status: "scheduled",
      attempts: 0,
    });
    expect((await invoiceJobs()).map((job) => JSON.parse(job.payload))).toEqual([{ transactionId: sale.id }]);
    // A second call (a replayed payment notification) changes nothing.
    expect(await db.transaction().execute((trx) => scheduleInvoice(trx, sale.id))).toEqual({ scheduled: false });
    expect(await invoiceJobs()).toHaveLength(1);
  });

  it("leaves nothing behind when the payment's transaction rolls back", async () => {
    await useIfirma();
    const sale = await addSale(db, { userId, productId });
    await expect(
      db.transaction().execute(async (trx) => {
        await scheduleInvoice(trx, sale.id);
        throw new Error("payment failed later");
      }),
    ).rejects.toThrow("payment failed later");
    expect(await getInvoiceForTransaction(db, sale.id)).toBeNull();
    expect(await invoiceJobs()).toHaveLength(0);
  });

  it("does nothing without invoice details or without an enabled invoicing integration", async () => {
    const noDetails = await addSale(db, { userId, productId, invoice: null });
    const withDetails = await addSale(db, { userId, productId });
    expect(await scheduleInvoice(db, withDetails.id)).toEqual({ scheduled: false });
    await useFakturownia();
    expect(await scheduleInvoice(db, noDetails.id)).toEqual({ scheduled: false });
    await setIntegrationEnabled(db, actors.admin, { provider: "fakturownia", enabled: false });
    expect(await scheduleInvoice(db, withDetails.id)).toEqual({ scheduled: false });
    expect(await db.selectFrom("invoices").select("id").execute()).toEqual([]);
    expect(await invoiceJobs()).toHaveLength(0);
  });
});

describe("issueInvoice", () => {
  it("issues the invoice once: a replayed job does nothing", async () => {
    await useFakturownia();
    const sale = await addSale(db, { userId, productId, quantity: 3, totalCents: 10_000 });
    await scheduleInvoice(db, sale.id);
    expect(await issueInvoice(deps, sale.id, { last: false })).toBe("issued");
    expect(await issueInvoice(deps, sale.id, { last: false })).toBe("already_issued");
    expect(fakturownia.invoices).toHaveLength(1);
    const sent = fakturownia.invoices[0]!;
    expect(sent.invoice).toMatchObject({
      oid: `studium-${sale.hash}`,
      buyer_name: "ACME sp. z o.o.",
      buyer_tax_no: "5260250274",
      currency: "PLN",
      positions: [
        { name: "Kurs fotografii", quantity: 2, total_price_gross: "66.66", tax: 23 },
        { name: "Kurs fotografii", quantity: 1, total_price_gross: "33.34", tax: 23 },
      ],
    });
    expect(await getInvoiceForTransaction(db, sale.id)).toMatchObject({
      status: "issued",
      number: sent.number,
      external_id: String(sent.id),
      pdf_url: `${fakturownia.url}/szkola/invoice/${sent.token}.pdf`,
      attempts: 1,
      last_error: "",
    });
  });

  it("lets only one of two runs at the same time call the service", async () => {
    await useIfirma();
    const sale = await addSale(db, { userId, productId });
    await scheduleInvoice(db, sale.id);
    // The first run is held inside the service call, so the second surely runs while it holds the lease.
    let entered!: () => void;
    let release!: () => void;
    const inService = new Promise<void>((resolve) => (entered = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    const held: InvoiceDeps = {
      ...deps,
      providerFor(name, settings) {
        const adapter = deps.providerFor(name, settings);
        return {
          name: adapter.name,
          openPdf: (invoice) => adapter.openPdf(invoice),
          async issueInvoice(input) {
            entered();
            await released;
            return adapter.issueInvoice(input);
          },
        };
      },
    };
    const first = issueInvoice(held, sale.id, { last: false });
    await inService;
    expect(await issueInvoice(deps, sale.id, { last: false })).toBe("busy");
    release();
    expect(await first).toBe("issued");
    expect(ifirma.invoices).toHaveLength(1);
  });

  it("calls the service once when two runs start together, whichever way they interleave", async () => {
    await useIfirma();
    const sale = await addSale(db, { userId, productId });
    await scheduleInvoice(db, sale.id);
    const outcomes = await Promise.all([
      issueInvoice(deps, sale.id, { last: false }),
      issueInvoice(deps, sale.id, { last: false }),
    ]);
    // The loser either meets the lease (busy) or, when the winner finished first, the issued invoice.
    expect(outcomes.filter((outcome) => outcome === "issued")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome !== "issued")[0]).toMatch(/^(busy|already_issued)$/);
    expect(ifirma.invoices).toHaveLength(1);
  });

  it("takes over a lease left by a run that died", async () => {
    await useIfirma();
    const sale = await addSale(db, { userId, productId });
    await scheduleInvoice(db, sale.id);
    await db
      .updateTable("invoices")
      .set({ status: "issuing", updated_at: nowIso(-60_000) })
      .execute();
    expect(await issueInvoice(deps, sale.id, { last: false })).toBe("busy");
    await db
      .updateTable("invoices")
      .set({ updated_at: nowIso(-6 * 60_000) })
      .execute();
    expect(await issueInvoice(deps, sale.id, { last: false })).toBe("issued");
  });

  it("keeps a failed attempt scheduled with a safe error, and succeeds on the retry", async () => {
    await useIfirma();
    const sale = await addSale(db, { userId, productId });
    await scheduleInvoice(db, sale.id);
    ifirma.failNext(1);
    await expect(issueInvoice(deps, sale.id, { last: false })).rejects.toThrow(
      `invoice for transaction ${sale.id}: ifirma: the key has no rights for this operation (code 500)`,
    );
    const failed = await getInvoiceForTransaction(db, sale.id);
    expect(failed).toMatchObject({ status: "scheduled", attempts: 1 });
    expect(failed!.last_error).toBe("ifirma: the key has no rights for this operation (code 500)");
    expect(failed!.last_error).not.toContain(ifirmaAccount.keyHex);
    expect(await issueInvoice(deps, sale.id, { last: false })).toBe("issued");
    expect(await getInvoiceForTransaction(db, sale.id)).toMatchObject({
      status: "issued",
      attempts: 2,
      last_error: "",
    });
    expect(ifirma.invoices).toHaveLength(1);
  });

  it("refuses an unpaid transaction without calling the service", async () => {
    await useIfirma();
    const sale = await addSale(db, { userId, productId, status: "PENDING" });
    await scheduleInvoice(db, sale.id);
    expect(await issueInvoice(deps, sale.id, { last: false })).toBe("refused");
    expect(await getInvoiceForTransaction(db, sale.id)).toMatchObject({
      status: "failed",
      last_error: "the transaction is not paid (status PENDING)",
    });
    expect(ifirma.requests).toHaveLength(0);
  });

  it("fails when the integration was disabled or deleted meanwhile, and says which", async () => {
    await useIfirma();
    const sale = await addSale(db, { userId, productId });
    await scheduleInvoice(db, sale.id);
    await setIntegrationEnabled(db, actors.admin, { provider: "ifirma", enabled: false });
    await expect(issueInvoice(deps, sale.id, { last: true })).rejects.toThrow("the ifirma integration is disabled");
    expect(await getInvoiceForTransaction(db, sale.id)).toMatchObject({ status: "failed" });
  });
});

describe("the invoice.issue job", () => {
  it("marks the invoice failed when the worker gives up, and issues it when the owner retries", async () => {
    await useIfirma();
    const sale = await addSale(db, { userId, productId });
    await db.transaction().execute((trx) => scheduleInvoice(trx, sale.id));
    await db.updateTable("jobs").set({ max_attempts: 2 }).execute();
    const logs: string[] = [];
    const log = { info: (_: object, m?: string) => logs.push(m ?? ""), warn: () => {}, error: () => {} };
    const worker = createWorker({
      db,
      dialect: database.handle.dialect,
      jobs: [registerJob(issueInvoiceJob, { secret, providerFor: deps.providerFor })],
      log,
      backoffMs: () => 0,
    });
    ifirma.failNext(5);
    await worker.runOnce();
    expect(await getInvoiceForTransaction(db, sale.id)).toMatchObject({ status: "scheduled", attempts: 1 });
    await worker.runOnce();
    expect(await getInvoiceForTransaction(db, sale.id)).toMatchObject({ status: "failed", attempts: 2 });
    const [job] = await invoiceJobs();
    expect(job).toMatchObject({ status: "failed" });
    expect(job!.last_error).toContain("ifirma: the key has no rights");
    expect((await listInvoicesForUser(db, { kind: "student", userId }))[0]).toMatchObject({
      status: "failed",
      number: null,
      has_pdf: false,
    });

    // /home/jobs 'Retry': the same job again, from 'failed'.
    ifirma.failNext(0);
    await db.updateTable("jobs").set({ status: "pending", attempts: 0, run_at: nowIso() }).execute();
    await worker.runOnce();
    expect(await getInvoiceForTransaction(db, sale.id)).toMatchObject({ status: "issued" });
    expect(ifirma.invoices).toHaveLength(1);
    expect(logs).toContain("invoice job finished");
    // A job replayed after success issues nothing.
    await enqueue(db, issueInvoiceJob, { transactionId: sale.id });
    await worker.runOnce();
    expect(ifirma.invoices).toHaveLength(1);
    const [invoice] = await listInvoicesForUser(db, { kind: "student", userId });
    expect(invoice).toMatchObject({
      status: "issued",
      number: ifirma.invoices[0]!.number,
      has_pdf: true,
      product_title: "Kurs fotografii",
    });
  });
});

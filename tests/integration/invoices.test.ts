// Invoices end to end (the selling issue, item 7), against the real server and the stateful fakes of Fakturownia
// and iFirma: a paid transaction arranged in the database, scheduleInvoice called inside a database transaction as
// the payment does, the server's worker issues exactly one invoice; a failing service is retried with backoff until
// it succeeds; a replayed job issues nothing twice; the buyer sees the invoice on /my/invoices and opens its PDF
// (Fakturownia: a redirect to the public link; iFirma: fetched with the signed request), and nobody else can.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getInvoiceForTransaction } from "#core/invoices/get-invoice-for-transaction.ts";
import { scheduleInvoice } from "#core/invoices/schedule-invoice.ts";
import { enqueue } from "#platform/jobs/queue.ts";
import { issueInvoiceJob } from "#core/invoices/jobs.ts";
import { type FakeFakturownia, startFakeFakturownia } from "#tests/fakes/fakturownia.ts";
import { type FakeIfirma, startFakeIfirma } from "#tests/fakes/ifirma.ts";
import { visitor } from "../helpers/accounts.ts";
import type { BrowserClient } from "../helpers/browser-client.ts";
import { addCourseProduct, addSale } from "../helpers/invoice-fixtures.ts";
import { registerStudent, setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer, waitFor } from "../helpers/test-server.ts";

const fakturowniaAccount = { account: "akademia", apiToken: "fk-integration-token-0001" };
const ifirmaAccount = { login: "akademia", keyHex: "0f1e2d3c4b5a69788796a5b4c3d2e1f0", keyName: "faktura" };

let server: TestServer;
let fakturownia: FakeFakturownia;
let ifirma: FakeIfirma;
let admin: BrowserClient;
let buyer: BrowserClient;
let buyerId: number;
let productId: number;

beforeAll(async () => {
  fakturownia = await startFakeFakturownia(fakturowniaAccount);
  ifirma = await startFakeIfirma(ifirmaAccount);
  server = await startTestServer({
    INVOICING_BASE_URL_FAKTUROWNIA: fakturownia.baseUrl,
    INVOICING_BASE_URL_IFIRMA: ifirma.url,
  });
  admin = await setUpSchool(server, { language: "pl" });
  buyer = await registerStudent(server, { name: "Anna Nowak", email: "anna@example.com", password: "student-secret" });
  buyerId = (
    await server.handle.db
      .selectFrom("users")
      .select("id")
      .where("email", "=", "anna@example.com")
      .executeTakeFirstOrThrow()
  ).id;
  productId = await addCourseProduct(server.handle.db, "Kurs fotografii");
  const setUp = await admin.post("/home/integrations", {
    provider: "fakturownia",
    settings: { account: fakturowniaAccount.account, api_token: fakturowniaAccount.apiToken },
  });
  expect(setUp.status).toBe(200);
});
afterAll(async () => {
  await server?.stop();
  await fakturownia?.close();
  await ifirma?.close();
});
afterEach(() => {
  expect(fakturownia.unhandled).toEqual([]);
  expect(ifirma.unhandled).toEqual([]);
});

/** As the payment does: the invoice is scheduled inside the transaction that marks the sale paid. */
async function paidSale(spec: { totalCents?: number; invoice?: Record<string, string> | null } = {}) {
  const sale = await addSale(server.handle.db, { userId: buyerId, productId, buyerEmail: "anna@example.com", ...spec });
  const scheduled = await server.handle.db.transaction().execute((trx) => scheduleInvoice(trx, sale.id));
  return { ...sale, scheduled: scheduled.scheduled };
}

function issued(transactionId: number, timeoutMs = 15_000) {
  return waitFor(
    async () => {
      const invoice = await getInvoiceForTransaction(server.handle.db, transactionId);
      return invoice?.status === "issued" ? invoice : null;
    },
    { timeoutMs },
  );
}

async function jobsFor(transactionId: number) {
  const jobs = await server.handle.db.selectFrom("jobs").selectAll().where("type", "=", "invoice.issue").execute();
  return jobs.filter((job) => JSON.parse(job.payload).transactionId === transactionId);
}

describe("with Fakturownia", () => {
  it("issues exactly one invoice for a paid sale, and the buyer opens its PDF", async () => {
    const sale = await paidSale({ totalCents: 24_600 });
    expect(sale.scheduled).toBe(true);
    const invoice = await issued(sale.id);
    expect(fakturownia.invoices).toHaveLength(1);
    const sent = fakturownia.invoices[0]!;
    expect(sent.invoice).toMatchObject({
      oid: `studium-${sale.hash}`,
      buyer_name: "ACME sp. z o.o.",
      buyer_tax_no: "5260250274",
      buyer_email: "anna@example.com",
      currency: "PLN",
      paid: "246.00",
      positions: [{ name: "Kurs fotografii", quantity: 1, total_price_gross: "246.00", tax: 23 }],
    });
    expect(invoice).toMatchObject({
      provider: "fakturownia",
      number: sent.number,
      external_id: String(sent.id),
      attempts: 1,
    });

    const page = await buyer.page("/my/invoices");
    expect(page.status).toBe(200);
    expect(page.html).toContain("Kurs fotografii");
    expect(page.html).toContain(sent.number);
    expect(page.html).toContain("246,00");
    expect(page.html).toContain(`/my/invoices/${invoice.id}/pdf`);
    const pdf = await buyer.raw(`/my/invoices/${invoice.id}/pdf`);
    expect(pdf.status).toBe(302);
    expect(pdf.headers.get("location")).toBe(
      `${fakturownia.url}/${fakturowniaAccount.account}/invoice/${sent.token}.pdf`,
    );
    expect(pdf.headers.get("location")).not.toContain(fakturowniaAccount.apiToken);
    expect((await fetch(pdf.headers.get("location")!)).headers.get("content-type")).toBe("application/pdf");
  });

  it("retries a failing service with backoff until it issues the invoice", async () => {
    const before = fakturownia.invoices.length;
    fakturownia.failNext(1);
    const sale = await paidSale();
    await waitFor(async () => (await getInvoiceForTransaction(server.handle.db, sale.id))?.attempts === 1);
    const invoice = await issued(sale.id);
    expect(invoice).toMatchObject({ attempts: 2, last_error: "" });
    expect(fakturownia.invoices.length).toBe(before + 1);
    // The worker records the job as done in its own step after the handler returns: wait for it.
    await waitFor(async () => (await jobsFor(sale.id))[0]?.status === "done");
    const [job] = await jobsFor(sale.id);
    expect(job).toMatchObject({ status: "done", attempts: 2 });
    expect(job!.last_error).toContain("fakturownia: unexpected answer (HTTP 503)");
  });

  it("issues nothing twice when the job is replayed or the invoice scheduled again", async () => {
    const sale = await paidSale();
    await issued(sale.id);
    const count = fakturownia.invoices.length;
    expect((await server.handle.db.transaction().execute((trx) => scheduleInvoice(trx, sale.id))).scheduled).toBe(
      false,
    );
    await enqueue(server.handle.db, issueInvoiceJob, { transactionId: sale.id });
    await waitFor(
      async () =>
        (await jobsFor(sale.id)).every((job) => job.status === "done") && (await jobsFor(sale.id)).length === 2,
    );
    expect(fakturownia.invoices.length).toBe(count);
    expect((await getInvoiceForTransaction(server.handle.db, sale.id))?.attempts).toBe(1);
  });

  it("schedules nothing when the buyer asked for no invoice", async () => {
    const sale = await paidSale({ invoice: null });
    expect(sale.scheduled).toBe(false);
    expect(await getInvoiceForTransaction(server.handle.db, sale.id)).toBeNull();
    expect(await jobsFor(sale.id)).toEqual([]);
  });
});

describe("with iFirma", () => {
  it("signs its requests, stores the number, and passes the PDF on to the buyer only", async () => {
    const setUp = await admin.post("/home/integrations", {
      provider: "ifirma",
      settings: { login: ifirmaAccount.login, invoice_key: ifirmaAccount.keyHex, key_name: "faktura" },
    });
    expect(setUp.status).toBe(200);
    const before = fakturownia.invoices.length;
    const sale = await paidSale({ totalCents: 12_300 });
    const invoice = await issued(sale.id);
    expect(fakturownia.invoices.length).toBe(before);
    expect(ifirma.invoices).toHaveLength(1);
    expect(ifirma.invoices[0]!.body).toMatchObject({
      Zaplacono: 123,
      Kontrahent: { Nazwa: "ACME sp. z o.o.", NIP: "5260250274" },
    });
    expect(invoice).toMatchObject({ provider: "ifirma", number: ifirma.invoices[0]!.number });

    const pdf = await buyer.raw(`/my/invoices/${invoice.id}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toMatch(/^attachment; filename="invoice-/);
    expect(await pdf.text()).toContain(`iFirma invoice ${invoice.number}`);

    const stranger = await registerStudent(server, {
      name: "Olaf Obcy",
      email: "olaf@example.com",
      password: "student-secret",
    });
    expect((await stranger.raw(`/my/invoices/${invoice.id}/pdf`)).status).toBe(404);
    expect((await stranger.page("/my/invoices")).html).not.toContain(invoice.number!);
    expect((await (await visitor(server, "/login")).raw(`/my/invoices/${invoice.id}/pdf`)).status).toBe(401);
    expect((await buyer.raw("/my/invoices/999999/pdf")).status).toBe(404);
  });
});

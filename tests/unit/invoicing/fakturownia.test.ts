// The Fakturownia adapter: the invoices.json body (gross totals, oid for idempotency), the public PDF link, and its
// conversation with the stateful fake (tests/fakes/fakturownia.ts), including refusals that never echo the token.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createFakturownia, fakturowniaBase, fakturowniaInvoice } from "#integrations/invoicing/fakturownia.ts";
import { centsToDecimal } from "#core/shared/money.ts";
import { InvoicingProviderError } from "#core/ports/invoicing.ts";
import { invoicingProviders } from "#integrations/invoicing/registry.ts";
import { type FakeFakturownia, startFakeFakturownia } from "#tests/fakes/fakturownia.ts";
import { sale } from "./sale.ts";

const settings = { account: "szkola", api_token: "fk-token-123456" };

describe("the invoices.json body", () => {
  it("is a paid VAT invoice with gross position totals and our order id as a unique oid", () => {
    expect(fakturowniaInvoice(sale)).toMatchObject({
      kind: "vat",
      issue_date: "2026-03-02",
      sell_date: "2026-03-01",
      currency: "PLN",
      status: "paid",
      paid: "100.00",
      oid: "studium-h4sh",
      oid_unique: "yes",
      buyer_name: "ACME sp. z o.o.",
      buyer_tax_no: "5260250274",
      buyer_company: "1",
      positions: [
        { name: "Kurs", tax: 23, quantity: 2, total_price_gross: "66.66" },
        { name: "Kurs", tax: 23, quantity: 1, total_price_gross: "33.34" },
      ],
    });
  });

  it("writes cents as decimals without floating point, and fills the account into the address", () => {
    expect(centsToDecimal(0)).toBe("0.00");
    expect(centsToDecimal(5)).toBe("0.05");
    expect(centsToDecimal(123_456_789)).toBe("1234567.89");
    expect(centsToDecimal(-150)).toBe("-1.50");
    expect(fakturowniaBase("https://{account}.fakturownia.pl", "szkola")).toBe("https://szkola.fakturownia.pl");
  });
});

describe("talking to Fakturownia (the fake)", () => {
  let fake: FakeFakturownia;
  beforeAll(async () => {
    fake = await startFakeFakturownia({ account: settings.account, apiToken: settings.api_token });
  });
  afterEach(() => expect(fake.unhandled).toEqual([]));
  afterAll(() => fake.close());

  it("issues the invoice, links its public PDF, and the link opens without the token", async () => {
    const provider = createFakturownia(settings, { baseUrl: fake.baseUrl });
    const issued = await provider.issueInvoice({ ...sale, idempotencyKey: "studium-one" });
    const stored = fake.invoices.at(-1)!;
    expect(issued).toEqual({
      number: stored.number,
      externalId: String(stored.id),
      pdfUrl: `${fake.url}/szkola/invoice/${stored.token}.pdf`,
    });
    expect(issued.pdfUrl).not.toContain(settings.api_token);
    expect(await provider.openPdf(issued)).toEqual({ redirect: issued.pdfUrl });
    const response = await fetch(issued.pdfUrl);
    expect(response.headers.get("content-type")).toBe("application/pdf");
  });

  it("fetches the PDF with the token when only the id link is known", async () => {
    const provider = createFakturownia(settings, { baseUrl: fake.baseUrl });
    const issued = await provider.issueInvoice({ ...sale, idempotencyKey: "studium-two" });
    const pdf = await provider.openPdf({
      externalId: issued.externalId,
      pdfUrl: `${fake.url}/szkola/invoices/${issued.externalId}.pdf`,
    });
    expect("body" in pdf && pdf.body.toString("latin1")).toContain(issued.number);
  });

  it("creates no second invoice for the same order, and says so", async () => {
    const provider = createFakturownia(settings, { baseUrl: fake.baseUrl });
    await provider.issueInvoice({ ...sale, idempotencyKey: "studium-three" });
    const count = fake.invoices.length;
    const error = await provider.issueInvoice({ ...sale, idempotencyKey: "studium-three" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvoicingProviderError);
    expect((error as Error).message).toBe("fakturownia: an invoice for this order already exists in Fakturownia");
    expect(fake.invoices.length).toBe(count);
  });

  /** The error an issue attempt ends with (the test fails if it succeeds). */
  async function failure(promise: Promise<unknown>): Promise<Error> {
    const error = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(InvoicingProviderError);
    return error as Error;
  }

  it("maps a refused token, a refused invoice and an outage to errors that do not carry the token", async () => {
    const wrong = await failure(
      createFakturownia({ ...settings, api_token: "wrong-token" }, { baseUrl: fake.baseUrl }).issueInvoice(sale),
    );
    expect(wrong.message).toBe("fakturownia: the API token was refused (HTTP 401)");
    const provider = createFakturownia(settings, { baseUrl: fake.baseUrl });
    const refused = await failure(provider.issueInvoice({ ...sale, lines: [] }));
    expect(refused.message).toBe("fakturownia: the invoice was refused (fields: positions)");
    fake.failNext(1);
    const outage = await failure(provider.issueInvoice(sale));
    expect(outage.message).toBe("fakturownia: unexpected answer (HTTP 503)");
    for (const error of [wrong, refused, outage]) expect(error.message).not.toContain("token-123456");
  });
});

describe("the registry", () => {
  it("builds the adapter a provider name asks for, and refuses others", () => {
    const factory = invoicingProviders();
    expect(factory("ifirma", { login: "a", invoice_key: "00", key_name: "faktura" }).name).toBe("ifirma");
    expect(factory("fakturownia", settings).name).toBe("fakturownia");
    expect(() => factory("stripe", {})).toThrow(/unknown invoicing provider/);
  });
});

// The iFirma adapter: the IAPIS signature (iFirma's own test vector), the invoice body it builds, and its
// conversation with the stateful fake (tests/fakes/ifirma.ts), including each refusal code mapped to an error.
// (Adapter tests live here: the unit project does not collect integrations/**.)
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createIfirma, ifirmaAuthentication, ifirmaHmac, ifirmaInvoiceBody } from "#integrations/invoicing/ifirma.ts";
import { InvoicingProviderError } from "#core/ports/invoicing.ts";
import { type FakeIfirma, startFakeIfirma } from "#tests/fakes/ifirma.ts";
import { sale } from "./sale.ts";

const account = { login: "szkola", keyHex: "a1b2c3d4e5f60718293a4b5c6d7e8f90", keyName: "faktura" };
const settings = { login: account.login, invoice_key: account.keyHex, key_name: "faktura" };

async function refusal(promise: Promise<unknown>): Promise<InvoicingProviderError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(InvoicingProviderError);
  return error as InvoicingProviderError;
}

describe("the IAPIS signature", () => {
  it("is HMAC-SHA1 with the hex key decoded (iFirma's test vector)", () => {
    expect(ifirmaHmac("111111", "222222")).toBe("cec153ee6350475f117a307111e2bd7d83034925");
  });

  it("signs url without query + login + key name + body", () => {
    const header = ifirmaAuthentication({
      url: "https://www.ifirma.pl/iapi/fakturakraj.json?x=1",
      login: "jan",
      keyName: "faktura",
      keyHex: "111111",
      body: "{}",
    });
    const hash = ifirmaHmac("111111", "https://www.ifirma.pl/iapi/fakturakraj.jsonjanfaktura{}");
    expect(header).toBe(`IAPIS user=jan, hmac-sha1=${hash}`);
  });
});

describe("the fakturakraj body", () => {
  it("carries gross prices, the buyer company and the payment", () => {
    const body = ifirmaInvoiceBody(sale);
    expect(body).toMatchObject({
      Zaplacono: 100,
      ZaplaconoNaDokumencie: 100,
      LiczOd: "BRT",
      DataWystawienia: "2026-03-02",
      DataSprzedazy: "2026-03-01",
      FormatDatySprzedazy: "DZN",
      Pozycje: [
        { StawkaVat: 0.23, Ilosc: 2, CenaJednostkowa: 33.33, NazwaPelna: "Kurs", TypStawkiVat: "PRC" },
        { StawkaVat: 0.23, Ilosc: 1, CenaJednostkowa: 33.34, NazwaPelna: "Kurs", TypStawkiVat: "PRC" },
      ],
      Kontrahent: {
        Nazwa: "ACME sp. z o.o.",
        NIP: "5260250274",
        KodPocztowy: "00-950",
        Miejscowosc: "Warszawa",
        OsobaFizyczna: false,
      },
    });
  });

  it("names a private buyer and leaves the NIP out", () => {
    const body = ifirmaInvoiceBody({ ...sale, buyer: { ...sale.buyer, companyName: "", vatNumber: "" } });
    expect(body.Kontrahent).toMatchObject({ Nazwa: "Anna Nowak", OsobaFizyczna: true });
    expect(body.Kontrahent).not.toHaveProperty("NIP");
  });
});

describe("talking to iFirma (the fake)", () => {
  let fake: FakeIfirma;
  beforeAll(async () => {
    fake = await startFakeIfirma(account);
  });
  afterEach(() => expect(fake.unhandled).toEqual([]));
  afterAll(() => fake.close());

  it("issues the invoice and reads its full number", async () => {
    const issued = await createIfirma(settings, { baseUrl: fake.url }).issueInvoice(sale);
    const stored = fake.invoices.at(-1)!;
    expect(issued).toEqual({
      number: stored.number,
      externalId: String(stored.id),
      pdfUrl: `${fake.url}/iapi/fakturakraj/${stored.id}.pdf`,
    });
    expect(stored.number).toMatch(/^\d+\/3\/2026$/);
    expect(stored.body.Kontrahent.Nazwa).toBe("ACME sp. z o.o.");
    const post = fake.requests.find((r) => r.method === "POST")!;
    expect(post.headers["content-type"]).toBe("application/json; charset=UTF-8");
  });

  it("fetches the PDF with a signed request", async () => {
    const provider = createIfirma(settings, { baseUrl: fake.url });
    const issued = await provider.issueInvoice(sale);
    const pdf = await provider.openPdf(issued);
    expect("body" in pdf && pdf.body.toString("latin1")).toContain(`iFirma invoice ${issued.number}`);
  });

  it("maps iFirma's refusals: 401 unknown login, 403 wrong key or key name, 500 no rights", async () => {
    const unknown = await refusal(
      createIfirma({ ...settings, login: "nobody" }, { baseUrl: fake.url }).issueInvoice(sale),
    );
    expect(unknown.code).toBe(401);
    expect(unknown.message).toBe("ifirma: the user name (login) is not known to iFirma (code 401)");
    const wrongKey = await refusal(
      createIfirma(
        { ...settings, invoice_key: "00112233445566778899aabbccddeeff" },
        { baseUrl: fake.url },
      ).issueInvoice(sale),
    );
    expect(wrongKey.code).toBe(403);
    const wrongName = await refusal(
      createIfirma({ ...settings, key_name: "abonent" }, { baseUrl: fake.url }).issueInvoice(sale),
    );
    expect(wrongName.code).toBe(403);
    expect(wrongName.message).not.toContain(account.keyHex);
    fake.failNext(1);
    const rights = await refusal(createIfirma(settings, { baseUrl: fake.url }).issueInvoice(sale));
    expect(rights.code).toBe(500);
    expect(rights.message).toContain("no rights");
  });

  it("reports an outage and refuses other currencies", async () => {
    const count = fake.invoices.length;
    fake.failNext(1, { httpStatus: 503 });
    expect((await refusal(createIfirma(settings, { baseUrl: fake.url }).issueInvoice(sale))).message).toBe(
      "ifirma: unexpected answer (HTTP 503)",
    );
    const euro = await refusal(
      createIfirma(settings, { baseUrl: fake.url }).issueInvoice({ ...sale, currency: "EUR" }),
    );
    expect(euro.message).toContain("PLN");
    expect(fake.invoices.length).toBe(count);
    const unreachable = await refusal(createIfirma(settings, { baseUrl: "http://127.0.0.1:1" }).issueInvoice(sale));
    expect(unreachable.message).toMatch(/^ifirma: could not reach iFirma/);
  });
});

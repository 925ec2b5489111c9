// Fakturownia (app.fakturownia.pl/api): POST https://{account}.fakturownia.pl/invoices.json with the api_token in
// the JSON body and the invoice; the answer carries id, number and the invoice's public token. The PDF's public
// link https://{account}.fakturownia.pl/invoice/{token}.pdf opens without credentials, so the buyer is sent there;
// /invoices/{id}.pdf (which needs the token) is the fallback when no token came back. Our order id goes in `oid`
// with oid_unique, so a repeated request after a crash creates no second invoice.
import { centsToDecimal } from "#core/shared/money.ts";
import {
  type FetchLike,
  type InvoiceInput,
  type InvoicePdf,
  type InvoicingProvider,
  InvoicingProviderError,
  type IssuedInvoice,
  REQUEST_TIMEOUT_MS,
} from "#core/ports/invoicing.ts";

/** `{account}` is replaced by the account's subdomain; a test fake passes e.g. http://127.0.0.1:4000/{account}. */
export const FAKTUROWNIA_BASE_URL = "https://{account}.fakturownia.pl";

export type FakturowniaSettings = { account: string; api_token: string };

export function fakturowniaBase(template: string, account: string): string {
  return template.replace("{account}", encodeURIComponent(account)).replace(/\/+$/, "");
}

/** The invoices.json body without the token: a paid VAT invoice with one position per line, gross prices. */
export function fakturowniaInvoice(input: InvoiceInput): Record<string, unknown> {
  const totalCents = input.lines.reduce((sum, line) => sum + line.quantity * line.unitGrossCents, 0);
  const company = input.buyer.companyName.trim();
  return {
    kind: "vat",
    number: null,
    issue_date: input.issueDate,
    sell_date: input.sellDate,
    payment_to: input.issueDate,
    status: "paid",
    paid: centsToDecimal(totalCents),
    paid_date: input.sellDate,
    currency: input.currency,
    oid: input.idempotencyKey,
    oid_unique: "yes",
    description: `Order ${input.transactionHash}`,
    buyer_name: company || input.buyer.name,
    buyer_tax_no: input.buyer.vatNumber.trim(),
    buyer_email: input.buyer.email,
    buyer_street: input.buyer.street,
    buyer_post_code: input.buyer.postalCode,
    buyer_city: input.buyer.city,
    buyer_country: input.buyer.country,
    buyer_company: company ? "1" : "0",
    positions: input.lines.map((line) => ({
      name: line.name,
      tax: line.vatRate,
      quantity: line.quantity,
      total_price_gross: centsToDecimal(line.quantity * line.unitGrossCents),
    })),
  };
}

/** Field names of a 422 answer (never their values, which may echo what we sent). */
function refusedFields(body: unknown): string[] {
  const message = (body as { message?: unknown } | null)?.message;
  if (message && typeof message === "object")
    return Object.keys(message)
      .map((key) => key.slice(0, 40))
      .slice(0, 10);
  return [];
}

export function createFakturownia(
  settings: FakturowniaSettings,
  options: { baseUrl?: string; fetch?: FetchLike } = {},
): InvoicingProvider {
  const base = fakturowniaBase(options.baseUrl || FAKTUROWNIA_BASE_URL, settings.account);
  const doFetch: FetchLike = options.fetch ?? ((url, init) => fetch(url, init));

  function fail(message: string, code?: number): never {
    throw new InvoicingProviderError("fakturownia", message, code);
  }

  async function call(url: string, init: RequestInit): Promise<Response> {
    try {
      return await doFetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    } catch (error) {
      return fail(`could not reach Fakturownia (${error instanceof Error ? error.name : "error"})`);
    }
  }

  return {
    name: "fakturownia",

    async issueInvoice(input): Promise<IssuedInvoice> {
      const response = await call(`${base}/invoices.json`, {
        method: "POST",
        headers: { Accept: "application/json", "Content-Type": "application/json" },
        body: JSON.stringify({ api_token: settings.api_token, invoice: fakturowniaInvoice(input) }),
      });
      const body: unknown = await response.json().catch(() => undefined);
      if (response.status === 401 || response.status === 403)
        fail(`the API token was refused (HTTP ${response.status})`, response.status);
      if (response.status === 422) {
        const fields = refusedFields(body);
        if (fields.includes("oid")) fail("an invoice for this order already exists in Fakturownia", 422);
        fail(`the invoice was refused${fields.length ? ` (fields: ${fields.join(", ")})` : ""}`, 422);
      }
      if (!response.ok) fail(`unexpected answer (HTTP ${response.status})`, response.status);
      const invoice = body as { id?: unknown; number?: unknown; token?: unknown } | undefined;
      const id = invoice?.id;
      if (typeof id !== "number" && typeof id !== "string") return fail("the answer carried no invoice id");
      const token = typeof invoice?.token === "string" && /^[A-Za-z0-9_-]+$/.test(invoice.token) ? invoice.token : "";
      return {
        number: typeof invoice?.number === "string" && invoice.number ? invoice.number : String(id),
        externalId: String(id),
        pdfUrl: token ? `${base}/invoice/${token}.pdf` : `${base}/invoices/${encodeURIComponent(String(id))}.pdf`,
      };
    },

    async openPdf(invoice): Promise<InvoicePdf> {
      // The token link is public: the buyer's browser goes there.
      if (/\/invoice\/[A-Za-z0-9_-]+\.pdf$/.test(invoice.pdfUrl)) return { redirect: invoice.pdfUrl };
      const response = await call(`${base}/invoices/${encodeURIComponent(invoice.externalId)}.pdf`, {
        headers: { Accept: "application/pdf", Authorization: `Bearer ${settings.api_token}` },
      });
      if (!response.ok) fail(`the PDF could not be fetched (HTTP ${response.status})`, response.status);
      return { body: Buffer.from(await response.arrayBuffer()), contentType: "application/pdf" };
    },
  };
}

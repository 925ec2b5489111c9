// iFirma (api.ifirma.pl): a domestic VAT invoice in PLN through POST /iapi/fakturakraj.json, then its full number
// from GET /iapi/fakturakraj/{id}.json; the PDF from GET /iapi/fakturakraj/{id}.pdf. Every request is signed:
//   Authentication: IAPIS user=<login>, hmac-sha1=<hex>
//   hmac = HMAC-SHA1(key bytes (the panel's hex key, decoded), url without query + login + keyName + body)
// The answer is JSON {response: {Kod, Informacja, Identyfikator?}}: Kod 0 is success; 400 a bad header, 401 an
// unknown login, 403 a wrong hash (key or key name), 500 no rights for the key. iFirma has no idempotency key:
// the job's row guards against issuing twice (core/invoices/issue-invoice.ts).
import { createHmac } from "node:crypto";
import { centsToMajor } from "#core/shared/money.ts";
import {
  type FetchLike,
  type InvoiceInput,
  type InvoicePdf,
  type InvoicingProvider,
  InvoicingProviderError,
  type IssuedInvoice,
  REQUEST_TIMEOUT_MS,
} from "#core/ports/invoicing.ts";

export const IFIRMA_BASE_URL = "https://www.ifirma.pl";

export type IfirmaSettings = { login: string; invoice_key: string; key_name: string };

/** HMAC-SHA1 of the message with the hex key decoded to bytes, as hex (iFirma's test vector: 111111, 222222). */
export function ifirmaHmac(keyHex: string, message: string): string {
  return createHmac("sha1", Buffer.from(keyHex, "hex")).update(message, "utf8").digest("hex");
}

/** The Authentication header of one request; `url` may carry a query, which is not signed. */
export function ifirmaAuthentication(options: {
  url: string;
  login: string;
  keyName: string;
  keyHex: string;
  body: string;
}): string {
  const unsignedQuery = options.url.split("?")[0]!;
  const hash = ifirmaHmac(options.keyHex, `${unsignedQuery}${options.login}${options.keyName}${options.body}`);
  return `IAPIS user=${options.login}, hmac-sha1=${hash}`;
}

const codeMessages: Record<number, string> = {
  400: "the Authentication header was refused",
  401: "the user name (login) is not known to iFirma",
  403: "the signature does not match: check the invoice key and the key name",
  500: "the key has no rights for this operation",
};

/** The fakturakraj.json body: gross prices (LiczOd BRT), paid in full electronically, one position per line. */
export function ifirmaInvoiceBody(input: InvoiceInput): Record<string, unknown> {
  const totalCents = input.lines.reduce((sum, line) => sum + line.quantity * line.unitGrossCents, 0);
  const company = input.buyer.companyName.trim();
  return {
    Zaplacono: centsToMajor(totalCents),
    ZaplaconoNaDokumencie: centsToMajor(totalCents),
    LiczOd: "BRT",
    DataWystawienia: input.issueDate,
    DataSprzedazy: input.sellDate,
    FormatDatySprzedazy: "DZN",
    SposobZaplaty: "ELE",
    RodzajPodpisuOdbiorcy: "BPO",
    WidocznyNumerGios: false,
    Numer: null,
    Uwagi: `Order ${input.transactionHash}`,
    Pozycje: input.lines.map((line) => ({
      StawkaVat: line.vatRate / 100,
      Ilosc: line.quantity,
      CenaJednostkowa: centsToMajor(line.unitGrossCents),
      NazwaPelna: line.name,
      Jednostka: "szt.",
      TypStawkiVat: "PRC",
    })),
    Kontrahent: {
      Nazwa: company || input.buyer.name,
      ...(input.buyer.vatNumber.trim() ? { NIP: input.buyer.vatNumber.trim() } : {}),
      Ulica: input.buyer.street,
      KodPocztowy: input.buyer.postalCode,
      Miejscowosc: input.buyer.city,
      Kraj: input.buyer.country,
      Email: input.buyer.email,
      OsobaFizyczna: !company,
    },
  };
}

type IfirmaAnswer = {
  Kod?: unknown;
  Informacja?: unknown;
  Identyfikator?: unknown;
  PelnyNumer?: unknown;
  Wynik?: unknown;
};

export function createIfirma(
  settings: IfirmaSettings,
  options: { baseUrl?: string; fetch?: FetchLike } = {},
): InvoicingProvider {
  const base = (options.baseUrl || IFIRMA_BASE_URL).replace(/\/+$/, "");
  const doFetch: FetchLike = options.fetch ?? ((url, init) => fetch(url, init));

  function fail(message: string, code?: number): never {
    throw new InvoicingProviderError("ifirma", message, code);
  }

  async function send(method: "GET" | "POST", path: string, body = "", accept = "application/json"): Promise<Response> {
    const url = `${base}${path}`;
    const headers: Record<string, string> = {
      Accept: accept,
      Authentication: ifirmaAuthentication({
        url,
        login: settings.login,
        keyName: settings.key_name,
        keyHex: settings.invoice_key,
        body,
      }),
    };
    if (method === "POST") headers["Content-Type"] = "application/json; charset=UTF-8";
    try {
      return await doFetch(url, {
        method,
        headers,
        body: method === "POST" ? body : undefined,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      // A network failure or a timeout: its name only (the URL and headers stay out of the message).
      return fail(`could not reach iFirma (${error instanceof Error ? error.name : "error"})`);
    }
  }

  async function answerOf(response: Response): Promise<IfirmaAnswer> {
    const text = await response.text();
    let parsed: { response?: IfirmaAnswer } | undefined;
    try {
      parsed = JSON.parse(text) as { response?: IfirmaAnswer };
    } catch {
      // not JSON
    }
    const answer = parsed?.response;
    if (!answer || typeof answer !== "object")
      return fail(`unexpected answer (HTTP ${response.status})`, response.status);
    const code = Number(answer.Kod);
    if (code !== 0) {
      const known = codeMessages[code];
      const info = typeof answer.Informacja === "string" ? answer.Informacja.slice(0, 200) : "";
      fail(
        `${known ?? "the request was refused"} (code ${Number.isFinite(code) ? code : "?"})${!known && info ? `: ${info}` : ""}`,
        code,
      );
    }
    return answer;
  }

  return {
    name: "ifirma",

    async issueInvoice(input): Promise<IssuedInvoice> {
      if (input.currency !== "PLN") fail(`domestic invoices are in PLN; this sale is in ${input.currency.slice(0, 3)}`);
      const created = await answerOf(
        await send("POST", "/iapi/fakturakraj.json", JSON.stringify(ifirmaInvoiceBody(input))),
      );
      const id = String(created.Identyfikator ?? "");
      if (!/^\d+$/.test(id)) fail("the answer carried no invoice id");
      const details = await answerOf(await send("GET", `/iapi/fakturakraj/${id}.json`));
      const nested = details.Wynik && typeof details.Wynik === "object" ? (details.Wynik as IfirmaAnswer) : undefined;
      const number = details.PelnyNumer ?? nested?.PelnyNumer;
      return {
        number: typeof number === "string" && number ? number : id,
        externalId: id,
        pdfUrl: `${base}/iapi/fakturakraj/${id}.pdf`,
      };
    },

    async openPdf(invoice): Promise<InvoicePdf> {
      if (!/^\d+$/.test(invoice.externalId)) fail("not an iFirma invoice id");
      const response = await send("GET", `/iapi/fakturakraj/${invoice.externalId}.pdf`, "", "application/pdf");
      const type = response.headers.get("content-type") ?? "";
      if (!response.ok || !type.includes("pdf")) {
        // An error comes back as the usual JSON answer.
        await answerOf(response);
        fail(`the PDF could not be fetched (HTTP ${response.status})`, response.status);
      }
      return { body: Buffer.from(await response.arrayBuffer()), contentType: "application/pdf" };
    },
  };
}

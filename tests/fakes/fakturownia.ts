// A stateful fake of Fakturownia's API for one account, an in-process HTTP server. Fakturownia lives at
// https://{account}.fakturownia.pl; the fake serves http://127.0.0.1:{port}/{account}/..., so our adapter's base
// URL template is `${fake.baseUrl}` = http://127.0.0.1:{port}/{account} (INVOICING_BASE_URL_FAKTUROWNIA).
// Like Fakturownia: the api_token in the JSON body (or Authorization: Bearer, or ?api_token=) or 401; a 422 with
// {code: "error", message: {field: [...]}} for a missing buyer or positions and for a repeated oid with
// oid_unique; 201 with id, number and the public token; the PDF at /invoices/{id}.pdf (token needed) and at the
// public /invoice/{token}.pdf. It can be told to fail the next N calls; unhandled requests are recorded.
import { randomBytes } from "node:crypto";
import { type FakeRequest, type FakeResponse, type FakeServer, startFakeServer } from "./fake-http.ts";

export type FakeFakturowniaAccount = { account: string; apiToken: string };

export type FakeFakturowniaInvoice = { id: number; number: string; token: string; invoice: Record<string, any> };

export type FakeFakturownia = {
  /** the adapter's base URL template, with {account} for the subdomain */
  baseUrl: string;
  url: string;
  invoices: FakeFakturowniaInvoice[];
  requests: FakeServer["requests"];
  unhandled: FakeServer["unhandled"];
  /** The next `count` calls answer this HTTP status (default 503). */
  failNext(count: number, status?: number): void;
  close(): Promise<void>;
};

function pdf(invoice: FakeFakturowniaInvoice): FakeResponse {
  return {
    status: 200,
    text: `%PDF-1.4\n% Fakturownia invoice ${invoice.number}\n%%EOF\n`,
    headers: { "content-type": "application/pdf" },
  };
}

export async function startFakeFakturownia(options: FakeFakturowniaAccount): Promise<FakeFakturownia> {
  const invoices: FakeFakturowniaInvoice[] = [];
  let failures = 0;
  let failureStatus = 503;
  const account = options.account.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

  function tokenOf(request: FakeRequest, body?: Record<string, unknown>): string {
    const bearer = /^Bearer (.+)$/.exec(String(request.headers.authorization ?? ""))?.[1];
    return String(body?.api_token ?? bearer ?? request.query.get("api_token") ?? "");
  }

  const unauthorized: FakeResponse = { status: 401, json: { code: "error", message: "Nie jesteś zalogowany" } };

  function failing(): FakeResponse | null {
    if (failures <= 0) return null;
    failures -= 1;
    return { status: failureStatus, json: { code: "error", message: "Service temporarily unavailable" } };
  }

  const server = await startFakeServer([
    {
      method: "POST",
      path: new RegExp(`^/${account}/invoices\\.json$`),
      handle: (request) => {
        const failure = failing();
        if (failure) return failure;
        let body: Record<string, any>;
        try {
          body = JSON.parse(request.body) as Record<string, any>;
        } catch {
          return { status: 400, json: { code: "error", message: "Invalid JSON" } };
        }
        if (tokenOf(request, body) !== options.apiToken) return unauthorized;
        const invoice = (body.invoice ?? {}) as Record<string, any>;
        const errors: Record<string, string[]> = {};
        if (!invoice.buyer_name) errors.buyer_name = ["nie może być puste"];
        if (!Array.isArray(invoice.positions) || invoice.positions.length === 0)
          errors.positions = ["nie może być puste"];
        if (invoice.oid_unique === "yes" && invoice.oid && invoices.some((i) => i.invoice.oid === invoice.oid)) {
          errors.oid = ["jest już zajęte"];
        }
        if (Object.keys(errors).length) return { status: 422, json: { code: "error", message: errors } };
        const id = 4_000_000 + invoices.length + 1;
        const year = String(invoice.issue_date ?? "").slice(0, 4);
        const stored = {
          id,
          number: `FV ${invoices.length + 1}/${year}`,
          token: randomBytes(12).toString("base64url"),
          invoice,
        };
        invoices.push(stored);
        return {
          status: 201,
          json: {
            ...invoice,
            id,
            number: stored.number,
            token: stored.token,
            view_url: `https://${options.account}.fakturownia.pl/invoice/${stored.token}`,
          },
        };
      },
    },
    {
      method: "GET",
      path: new RegExp(`^/${account}/invoices/(\\d+)\\.pdf$`),
      handle: (request, [id]) => {
        const failure = failing();
        if (failure) return failure;
        if (tokenOf(request) !== options.apiToken) return unauthorized;
        const invoice = invoices.find((i) => String(i.id) === id);
        return invoice ? pdf(invoice) : { status: 404, json: { code: "error", message: "Not found" } };
      },
    },
    {
      method: "GET",
      path: new RegExp(`^/${account}/invoice/([A-Za-z0-9_-]+)\\.pdf$`),
      handle: (_request, [token]) => {
        const invoice = invoices.find((i) => i.token === token);
        return invoice ? pdf(invoice) : { status: 404, text: "Not found" };
      },
    },
  ]);
  return {
    baseUrl: `${server.url}/{account}`,
    url: server.url,
    invoices,
    requests: server.requests,
    unhandled: server.unhandled,
    failNext(count, status = 503) {
      failures = count;
      failureStatus = status;
    },
    close: () => server.close(),
  };
}

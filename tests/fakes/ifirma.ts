// A stateful fake of iFirma's API (api.ifirma.pl), an in-process HTTP server: it checks the IAPIS Authentication
// header like iFirma (HMAC-SHA1 with the account's hex key over url + user + key name + body; the arithmetic is
// written out here again, independent of integrations/invoicing/ifirma.ts), answers {response: {Kod, Informacja,
// Identyfikator}} with Kod 0 / 400 / 401 / 403, stores invoices (fakturakraj.json), serves their details and PDFs,
// and can be told to fail the next N calls. Requests no route handles are recorded in `unhandled`.
import { createHmac } from "node:crypto";
import { type FakeRequest, type FakeResponse, type FakeServer, startFakeServer } from "./fake-http.ts";

export type FakeIfirmaAccount = { login: string; keyHex: string; keyName?: string };

export type FakeIfirmaInvoice = { id: number; number: string; body: Record<string, any> };

export type FakeIfirma = {
  url: string;
  invoices: FakeIfirmaInvoice[];
  requests: FakeServer["requests"];
  unhandled: FakeServer["unhandled"];
  /** The next `count` calls answer this instead (default: Kod 500 'no rights'; or an HTTP status). */
  failNext(count: number, failure?: { kod: number; info?: string } | { httpStatus: number }): void;
  close(): Promise<void>;
};

function answer(kod: number, informacja: string, extra: Record<string, unknown> = {}, status = 200): FakeResponse {
  return { status, json: { response: { Kod: kod, Informacja: informacja, ...extra } } };
}

export async function startFakeIfirma(account: FakeIfirmaAccount): Promise<FakeIfirma> {
  const keyName = account.keyName ?? "faktura";
  const invoices: FakeIfirmaInvoice[] = [];
  let failures = 0;
  const noRights = { kod: 500, info: "Brak uprawnień" };
  let failure: { kod: number; info?: string } | { httpStatus: number } = noRights;
  let base = "";

  /** null when the request is signed right; otherwise iFirma's refusal. */
  function refuse(request: FakeRequest): FakeResponse | null {
    const header = String(request.headers.authentication ?? "");
    const match = /^IAPIS user=([^,\s]+), hmac-sha1=([0-9a-f]{40})$/.exec(header);
    if (!match) return answer(400, "Nieprawidłowy nagłówek Authentication");
    if (match[1] !== account.login) return answer(401, "Nieprawidłowy login użytkownika");
    const signed = `${base}${request.path}${account.login}${keyName}${request.body}`;
    const expected = createHmac("sha1", Buffer.from(account.keyHex, "hex")).update(signed, "utf8").digest("hex");
    if (expected !== match[2]) return answer(403, "Nieprawidłowy hash");
    return null;
  }

  function failing(): FakeResponse | null {
    if (failures <= 0) return null;
    failures -= 1;
    if ("httpStatus" in failure) return { status: failure.httpStatus, text: "Service Unavailable" };
    return answer(failure.kod, failure.info ?? "Błąd");
  }

  function guarded(handle: (request: FakeRequest, params: string[]) => FakeResponse) {
    return (request: FakeRequest, params: string[]) => failing() ?? refuse(request) ?? handle(request, params);
  }

  const server = await startFakeServer([
    {
      method: "POST",
      path: /^\/iapi\/fakturakraj\.json$/,
      handle: guarded((request) => {
        let body: Record<string, any>;
        try {
          body = JSON.parse(request.body) as Record<string, any>;
        } catch {
          return answer(
            200,
            "Niepoprawna zawartość żądania - nie można utworzyć obiektu na podstawie zawartości żądania.",
          );
        }
        const complete =
          Array.isArray(body.Pozycje) &&
          body.Pozycje.length > 0 &&
          typeof body.Kontrahent?.Nazwa === "string" &&
          /^\d{4}-\d{2}-\d{2}$/.test(String(body.DataWystawienia)) &&
          /^\d{4}-\d{2}-\d{2}$/.test(String(body.DataSprzedazy)) &&
          ["BRT", "NET"].includes(body.LiczOd);
        if (!complete)
          return answer(
            200,
            "Niepoprawna zawartość żądania - nie można utworzyć obiektu na podstawie zawartości żądania.",
          );
        const [year, month] = String(body.DataWystawienia).split("-");
        const id = 90_000 + invoices.length + 1;
        invoices.push({ id, number: `${invoices.length + 1}/${Number(month)}/${year}`, body });
        return answer(0, "Faktura została pomyślnie dodana.", { Identyfikator: id });
      }),
    },
    {
      method: "GET",
      path: /^\/iapi\/fakturakraj\/(\d+)\.json$/,
      handle: guarded((_request, [id]) => {
        const invoice = invoices.find((i) => String(i.id) === id);
        if (!invoice) return answer(404, "Nie znaleziono faktury", {}, 404);
        return answer(0, "", {
          Identyfikator: invoice.id,
          PelnyNumer: invoice.number,
          Zaplacono: invoice.body.Zaplacono,
        });
      }),
    },
    {
      method: "GET",
      path: /^\/iapi\/fakturakraj\/(\d+)\.pdf$/,
      handle: guarded((_request, [id]) => {
        const invoice = invoices.find((i) => String(i.id) === id);
        if (!invoice) return answer(404, "Nie znaleziono faktury", {}, 404);
        return {
          status: 200,
          text: `%PDF-1.4\n% iFirma invoice ${invoice.number}\n%%EOF\n`,
          headers: { "content-type": "application/pdf" },
        };
      }),
    },
  ]);
  base = server.url;
  return {
    url: server.url,
    invoices,
    requests: server.requests,
    unhandled: server.unhandled,
    failNext(count, next) {
      failures = count;
      failure = next ?? noRights;
    },
    close: () => server.close(),
  };
}

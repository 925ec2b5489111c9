// The shared core of the payment provider fakes: a small in-process HTTP server (node:http, port 0) that routes
// requests to a vendor's handlers, records every request (tests assert auth headers, idempotency keys, bodies)
// and answers 404 plus an `unhandled` entry for anything no handler takes (tests assert there are none).
// Also: posting a signed notification to our server, and the byte-level forgeries used by the security tests.
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export type FakeRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
};

export type FakeResponse = {
  status: number;
  json?: unknown;
  text?: string;
  html?: string;
  headers?: Record<string, string>;
};

export type FakeRoute = {
  method: string;
  /** matched against the path (no query); capture groups are passed to the handler */
  path: RegExp;
  handle: (request: FakeRequest, params: string[]) => FakeResponse | Promise<FakeResponse>;
};

export type FakeServer = {
  url: string;
  requests: FakeRequest[];
  unhandled: FakeRequest[];
  close(): Promise<void>;
};

/** A notification as the provider would post it: tests (or the fake's pay page) post it to our server. */
export type SignedNotification = { headers: Record<string, string>; body: string | Buffer };

export type Delivery = { status: number; body: string; contentType: string | null };

export async function startFakeServer(routes: FakeRoute[]): Promise<FakeServer> {
  const requests: FakeRequest[] = [];
  const unhandled: FakeRequest[] = [];
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      const url = new URL(incoming.url ?? "/", "http://fake");
      const request: FakeRequest = {
        method: incoming.method ?? "GET",
        path: url.pathname,
        query: url.searchParams,
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      requests.push(request);
      void answer(request).then(
        (response) => send(response),
        (error: unknown) => send({ status: 500, json: { error: String(error) } }),
      );
      function send(response: FakeResponse) {
        const headers: Record<string, string> = { ...response.headers };
        let body = "";
        if (response.json !== undefined) {
          headers["content-type"] ??= "application/json";
          body = JSON.stringify(response.json);
        } else if (response.html !== undefined) {
          headers["content-type"] ??= "text/html; charset=utf-8";
          body = response.html;
        } else if (response.text !== undefined) {
          headers["content-type"] ??= "text/plain";
          body = response.text;
        }
        outgoing.writeHead(response.status, headers).end(body);
      }
    });
  });

  async function answer(request: FakeRequest): Promise<FakeResponse> {
    for (const route of routes) {
      if (route.method !== request.method) continue;
      const match = route.path.exec(request.path);
      if (match)
        return route.handle(
          request,
          match.slice(1).map((part) => decodeURIComponent(part)),
        );
    }
    unhandled.push(request);
    return { status: 404, json: { error: `no fake handles ${request.method} ${request.path}` } };
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    unhandled,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Posts a notification to a URL (our server's /payments/{provider}/notify) the way the provider does. */
export async function deliver(notification: SignedNotification, url: string): Promise<Delivery> {
  const response = await fetch(url, {
    method: "POST",
    headers: notification.headers,
    body: typeof notification.body === "string" ? notification.body : new Uint8Array(notification.body),
    redirect: "manual",
  });
  return { status: response.status, body: await response.text(), contentType: response.headers.get("content-type") };
}

/** The body's bytes with the byte at `index % length` XOR-ed with a non-zero value: always different bytes. */
export function changeBodyByte(body: string | Buffer, index: number): Buffer {
  const bytes = Buffer.from(body);
  const at = index % bytes.length;
  bytes[at] = bytes[at]! ^ (1 + (index % 255));
  return bytes;
}

/** A signature (hex or base64url) with one of its decoded bytes changed, re-encoded the same way. */
export function changeSignatureByte(signature: string, encoding: "hex" | "base64url", index: number): string {
  const bytes = Buffer.from(signature, encoding);
  const at = index % bytes.length;
  bytes[at] = bytes[at]! ^ (1 + (index % 255));
  return bytes.toString(encoding);
}

/** An HTML page with buttons, served at the provider's redirect URL so a browser (or a developer) can pay. */
export function payPage(title: string, amount: string, actions: { label: string; action: string }[]): string {
  const buttons = actions
    .map((a) => `<form method="post" action="${a.action}"><button type="submit">${a.label}</button></form>`)
    .join("\n");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>
<body><main><h1>${title}</h1><p>Amount: ${amount}</p>${buttons}</main></body></html>`;
}

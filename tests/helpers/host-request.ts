// A request with a Host header of the test's choosing (fetch always sends the real one), carrying the browser
// client's cookies and CSRF token like its JSON calls do: how a visitor can make the server believe any host.
import http from "node:http";
import type { BrowserClient } from "./browser-client.ts";

export type HostResponse = { status: number; body: any; headers: http.IncomingHttpHeaders };

export function requestWithHost(
  client: BrowserClient,
  path: string,
  options: { host: string; method?: string; body?: unknown; accept?: string },
): Promise<HostResponse> {
  const url = new URL(path, client.baseUrl);
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = {
    host: options.host,
    accept: options.accept ?? "application/json",
    "x-requested-with": "XMLHttpRequest",
  };
  if (client.cookies.size) headers.cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  if (client.csrfToken) headers["x-csrf-token"] = client.csrfToken;
  if (payload !== undefined) headers["content-type"] = "application/json";
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        hostname: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: options.method ?? "GET",
        headers,
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => {
          let body: unknown = text;
          try {
            body = text ? JSON.parse(text) : undefined;
          } catch {
            // not JSON
          }
          resolve({ status: response.statusCode ?? 0, body, headers: response.headers });
        });
      },
    );
    request.on("error", reject);
    request.end(payload);
  });
}

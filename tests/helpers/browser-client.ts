// An HTTP client that behaves like the browser: keeps cookies, reads the CSRF token from the page's
// <meta name="csrf-token">, and sends JSON calls with X-Requested-With and X-CSRF-TOKEN.
import { rememberSecret, rememberSecretFields } from "./log-scan.ts";

export type JsonResponse<T = any> = { status: number; body: T; headers: Headers };

export class BrowserClient {
  readonly baseUrl: string;
  readonly cookies = new Map<string, string>();
  csrfToken = "";
  ip: string | undefined;

  constructor(baseUrl: string, options: { ip?: string } = {}) {
    this.baseUrl = baseUrl;
    this.ip = options.ip;
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  private keepCookies(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const index = pair!.indexOf("=");
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      if (value === "" || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
      // Session ids must never reach a log (SECURITY.md figure 14, tests/helpers/log-scan.ts).
      if (/session/i.test(name)) rememberSecret(value);
    }
  }

  async raw(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set("cookie", this.cookieHeader());
    const response = await fetch(this.baseUrl + path, { ...init, headers, redirect: "manual" });
    this.keepCookies(response);
    return response;
  }

  /** GET a page as a document; remembers its CSRF token. */
  async page(path: string): Promise<{ status: number; html: string; headers: Headers }> {
    const response = await this.raw(path, { headers: { accept: "text/html" } });
    const html = await response.text();
    const token = /<meta name="csrf-token" content="([^"]*)"/.exec(html)?.[1];
    if (token !== undefined) this.csrfToken = token;
    return { status: response.status, html, headers: response.headers };
  }

  async json<T = any>(
    method: string,
    path: string,
    body?: unknown,
    options: { csrf?: string | false; headers?: Record<string, string> } = {},
  ): Promise<JsonResponse<T>> {
    const headers: Record<string, string> = {
      accept: "application/json",
      "x-requested-with": "XMLHttpRequest",
      ...options.headers,
    };
    // Like the app's script (app/lib/api.ts): a page served without a token (from the page cache) asks for one.
    if (options.csrf === undefined && !this.csrfToken && method !== "GET") {
      const answer = await this.raw("/csrf-token", {
        headers: { accept: "application/json", "x-requested-with": "XMLHttpRequest" },
      });
      this.csrfToken = ((await answer.json()) as { csrf_token: string }).csrf_token;
    }
    const token = options.csrf === undefined ? this.csrfToken : options.csrf;
    if (token) headers["x-csrf-token"] = token;
    if (body !== undefined) headers["content-type"] = "application/json";
    rememberSecretFields(body);
    const response = await this.raw(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON
    }
    rememberSecretFields(parsed);
    const data = parsed as { csrf_token?: string } | undefined;
    if (data && typeof data === "object" && typeof data.csrf_token === "string") this.csrfToken = data.csrf_token;
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  post<T = any>(path: string, body?: unknown, options?: { csrf?: string | false; headers?: Record<string, string> }) {
    return this.json<T>("POST", path, body ?? {}, options);
  }
}

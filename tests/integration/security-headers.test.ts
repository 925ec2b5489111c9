// Every kind of answer carries the full set of security headers (SECURITY.md "Requests"): JSON calls and their
// errors, pages (rendered and from the page cache), static files; HSTS only over HTTPS. Pages leave Fastify's
// reply pipeline, so this guards the hand-over in server/plugins/security-headers.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserClient } from "../helpers/browser-client.ts";
import { owner, setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer, waitFor } from "../helpers/test-server.ts";

const everyAnswer = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-frame-options": "DENY",
  "cross-origin-opener-policy": "same-origin",
  "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=()",
};
const nothingAllowed = "default-src 'none'; frame-ancestors 'none'";

function expectSecurityHeaders(headers: Headers, policy: "page" | "cached page" | "none") {
  for (const [name, value] of Object.entries(everyAnswer)) expect(headers.get(name), name).toBe(value);
  const csp = headers.get("content-security-policy");
  if (policy === "none") expect(csp).toBe(nothingAllowed);
  else {
    // A page from the page cache is the same for everybody: its inline scripts are allowed by their hashes.
    expect(csp).toMatch(
      policy === "page" ? /script-src 'self' 'nonce-[^']+';/ : /script-src 'self'( 'sha256-[^']+')+;/,
    );
    expect(csp).toContain("frame-ancestors 'none'");
  }
  expect(headers.get("strict-transport-security")).toBeNull();
}

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: "true" });
  await setUpSchool(server, { language: "en" });
});
afterAll(() => server?.stop());

describe("security headers", () => {
  it("on JSON answers: 200, 401, 404 and 419", async () => {
    const client = new BrowserClient(server.url);
    await client.page("/login");
    const anonymous = await client.json("GET", "/my/account");
    expect(anonymous.status).toBe(401);
    expectSecurityHeaders(anonymous.headers, "none");
    const missing = await client.json("POST", "/no-such-call", {});
    expect(missing.status).toBe(404);
    expectSecurityHeaders(missing.headers, "none");
    const refused = await client.post("/login", { email: owner.email, password: owner.password }, { csrf: false });
    expect(refused.status).toBe(419);
    expectSecurityHeaders(refused.headers, "none");

    await client.post("/login", { email: owner.email, password: owner.password });
    const account = await client.json("GET", "/my/account");
    expect(account.status).toBe(200);
    expectSecurityHeaders(account.headers, "none");
  });

  it("on pages, rendered and from the page cache, with the page's own policy", async () => {
    const client = new BrowserClient(server.url);
    expectSecurityHeaders((await client.page("/login")).headers, "page");
    const anonymous = () => new BrowserClient(server.url).page("/courses");
    const first = await anonymous();
    expectSecurityHeaders(first.headers, "cached page");
    const cached = await waitFor(async () => {
      const page = await anonymous();
      return page.headers.get("x-page-cache") === "hit" ? page : undefined;
    });
    expectSecurityHeaders(cached.headers, "cached page");
  });

  it("on static files", async () => {
    const response = await fetch(`${server.url}/favicon.svg`);
    expect(response.status).toBe(200);
    expectSecurityHeaders(response.headers, "none");
  });

  it("adds HSTS only to answers over HTTPS", async () => {
    const overHttps = { "x-forwarded-proto": "https" };
    const json = await fetch(`${server.url}/my/account`, {
      headers: { ...overHttps, "x-requested-with": "XMLHttpRequest" },
    });
    expect(json.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    const page = await fetch(`${server.url}/login`, { headers: { ...overHttps, accept: "text/html" } });
    expect(page.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    expect(page.headers.get("x-frame-options")).toBe("DENY");
  });
});

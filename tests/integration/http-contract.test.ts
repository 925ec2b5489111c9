// The HTTP contract every call shares: CSRF (419), validation (422 in the school's language),
// throttling (429 with Retry-After), security headers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserClient } from "../helpers/browser-client.ts";
import { owner, setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await setUpSchool(server, { language: "pl" });
});
afterAll(() => server?.stop());

describe("CSRF", () => {
  it("answers 419 to a JSON call without the token", async () => {
    const client = new BrowserClient(server.url);
    await client.page("/login");
    const response = await client.post("/login", { email: owner.email, password: owner.password }, { csrf: false });
    expect(response.status).toBe(419);
    expect(response.body.message).toBe("Sesja wygasła");
  });

  it("answers 419 to a token from another visitor", async () => {
    const other = new BrowserClient(server.url);
    await other.page("/login");
    const client = new BrowserClient(server.url);
    await client.page("/login");
    const response = await client.post(
      "/login",
      { email: owner.email, password: owner.password },
      { csrf: other.csrfToken },
    );
    expect(response.status).toBe(419);
  });

  it("answers 419 to a foreign Origin even with the right token", async () => {
    const client = new BrowserClient(server.url);
    await client.page("/login");
    const response = await client.post(
      "/login",
      { email: owner.email, password: owner.password },
      { headers: { origin: "https://evil.example" } },
    );
    expect(response.status).toBe(419);
  });

  it("accepts the page's token", async () => {
    const client = new BrowserClient(server.url);
    await client.page("/login");
    const response = await client.post("/login", { email: owner.email, password: owner.password });
    expect(response.status).toBe(200);
    expect(response.body.redirect).toBe("/home");
  });
});

describe("validation", () => {
  it("answers 422 with the Polish messages of a Polish school", async () => {
    const client = new BrowserClient(server.url);
    await client.page("/login");
    const response = await client.post("/login", { email: "not-an-email", password: "" });
    expect(response.status).toBe(422);
    expect(response.body.errors.email).toEqual(["Podaj poprawny adres e-mail."]);
    expect(response.body.errors.password).toEqual(["To pole jest wymagane."]);
  });
});

describe("security headers", () => {
  it("sends a nonce-based CSP that matches the page's scripts, and the other headers", async () => {
    const client = new BrowserClient(server.url);
    const { headers, html } = await client.page("/login");
    const csp = headers.get("content-security-policy")!;
    const nonce = /'nonce-([^']+)'/.exec(csp)![1];
    expect(csp).toContain("frame-ancestors 'none'");
    expect(html).toContain(`nonce="${nonce}"`);
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it("gives every response a new nonce", async () => {
    const client = new BrowserClient(server.url);
    const a = (await client.page("/login")).headers.get("content-security-policy");
    const b = (await client.page("/login")).headers.get("content-security-policy");
    expect(a).not.toEqual(b);
  });
});

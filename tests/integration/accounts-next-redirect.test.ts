// ?next= after login and registration only ever leads to a path on this site (core/safe-next.ts), in the JSON
// answer's redirect, in the plain form's 303 Location and in the form the page prints. The payloads are the ones
// the issue reproduced (a tab or newline after the first slash, a backslash) and their classic cousins.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { visitor } from "../helpers/accounts.ts";
import type { BrowserClient } from "../helpers/browser-client.ts";
import { owner, setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await setUpSchool(server, { language: "en" });
});
afterAll(() => server?.stop());

const offSite = [
  "/\t/evil.example/",
  "/\n/evil.example",
  "/\r/evil.example",
  "/\\evil.example",
  "//evil.example",
  "/.//evil.example",
  "https://evil.example",
];

async function submitForm(client: BrowserClient, path: string, fields: Record<string, string>) {
  const body = new URLSearchParams({ ...fields, _csrf: client.csrfToken }).toString();
  const response = await client.raw(path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
    body,
  });
  return { status: response.status, location: response.headers.get("location") };
}

function nextInput(html: string): string | undefined {
  return /<input[^>]*name="next"[^>]*>/.exec(html)?.[0];
}

describe("login ?next=", () => {
  it.each(offSite.map((next) => [JSON.stringify(next), next]))(
    "JSON answer: %s redirects home instead",
    async (_label, next) => {
      const client = await visitor(server, "/login");
      const response = await client.post("/login", { email: owner.email, password: owner.password, next });
      expect(response.status).toBe(200);
      expect(response.body.redirect).toBe("/home");
    },
  );

  it.each(offSite.map((next) => [JSON.stringify(next), next]))(
    "plain form: %s answers 303 home instead (never a 500)",
    async (_label, next) => {
      const client = await visitor(server, "/login");
      expect(await submitForm(client, "/login", { email: owner.email, password: owner.password, next })).toEqual({
        status: 303,
        location: "/home",
      });
    },
  );

  it("keeps a same-site path, percent-encoded so the Location header can carry it", async () => {
    const json = await (
      await visitor(server, "/login")
    ).post("/login", {
      email: owner.email,
      password: owner.password,
      next: "/kursy/żółw?x=1",
    });
    expect(json.body.redirect).toBe("/kursy/%C5%BC%C3%B3%C5%82w?x=1");
    const form = await submitForm(await visitor(server, "/login"), "/login", {
      email: owner.email,
      password: owner.password,
      next: "/kursy/żółw?x=1",
    });
    expect(form).toEqual({ status: 303, location: "/kursy/%C5%BC%C3%B3%C5%82w?x=1" });
  });

  it("the login and register pages do not carry an off-site ?next= into their forms", async () => {
    const client = await visitor(server, "/");
    for (const page of ["/login", "/register"]) {
      expect(nextInput((await client.page(`${page}?next=%2F%09%2Fevil.example%2F`)).html), page).toBeUndefined();
      expect(nextInput((await client.page(`${page}?next=%2Fcourses`)).html), page).toContain('value="/courses"');
    }
  });
});

describe("register ?next=", () => {
  it("JSON answer and plain form: an off-site next leads to /my", async () => {
    const json = await (
      await visitor(server, "/register")
    ).post("/register", {
      name: "Nina Next",
      email: "nina@example.com",
      password: "nina-secret",
      next: "/\t/evil.example/",
    });
    expect(json.status).toBe(200);
    expect(json.body.redirect).toBe("/my");
    const form = await submitForm(await visitor(server, "/register"), "/register", {
      name: "Nora Next",
      email: "nora@example.com",
      password: "nora-secret",
      next: "/\n/evil.example",
    });
    expect(form).toEqual({ status: 303, location: "/my" });
  });
});

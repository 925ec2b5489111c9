// The pages' forms before (or without) their script: plain urlencoded posts with a _csrf field, answered
// with a 303 to the next page, or back to the form with the error's message key in the query.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestResetToken, resetMailsTo, visitor, whoAmI } from "../helpers/accounts.ts";
import type { BrowserClient } from "../helpers/browser-client.ts";
import { owner, registerStudent, setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await setUpSchool(server, { language: "en" });
});
afterAll(() => server?.stop());

/** Submits a form like a browser without script: urlencoded fields plus the page's token as _csrf. */
async function submit(client: BrowserClient, path: string, fields: Record<string, string>, referer?: string) {
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded", accept: "text/html" };
  if (referer) headers.referer = server.url + referer;
  const body = new URLSearchParams({ ...fields, _csrf: client.csrfToken }).toString();
  const response = await client.raw(path, { method: "POST", headers, body });
  return { status: response.status, location: response.headers.get("location") };
}

describe("POST /login as a plain form", () => {
  it("answers 303 to /home for the owner, logged in", async () => {
    const client = await visitor(server, "/login");
    const response = await submit(client, "/login", { email: owner.email, password: owner.password });
    expect(response).toEqual({ status: 303, location: "/home" });
    expect((await whoAmI(client)).body.user.email).toBe(owner.email);
  });

  it("answers 303 back to /login?error=accounts%3Afailed on bad credentials", async () => {
    const client = await visitor(server, "/login");
    const response = await submit(client, "/login", { email: owner.email, password: "wrong" });
    expect(response).toEqual({ status: 303, location: "/login?error=accounts%3Afailed" });
    expect((await whoAmI(client)).status).toBe(401);
  });

  it("keeps a same-site ?next= through the error and goes there after login", async () => {
    const client = await visitor(server, "/login?next=%2Fmy%2Faccount");
    const failed = await submit(
      client,
      "/login",
      { email: owner.email, password: "wrong", next: "/my/account" },
      "/login?next=%2Fmy%2Faccount",
    );
    expect(failed.status).toBe(303);
    const back = new URL(failed.location!, server.url);
    expect(back.pathname).toBe("/login");
    expect(back.searchParams.get("error")).toBe("accounts:failed");
    expect(back.searchParams.get("next")).toBe("/my/account");
    const ok = await submit(client, "/login", { email: owner.email, password: owner.password, next: "/my/account" });
    expect(ok).toEqual({ status: 303, location: "/my/account" });
  });

  it("answers 419 without the _csrf field", async () => {
    const client = await visitor(server, "/login");
    const response = await client.raw("/login", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: owner.email, password: owner.password }).toString(),
    });
    expect(response.status).toBe(419);
    expect((await whoAmI(client)).status).toBe(401);
  });
});

describe("POST /register as a plain form", () => {
  it("answers 303 to /my, logged in", async () => {
    const client = await visitor(server, "/register");
    const response = await submit(client, "/register", {
      name: "Pat",
      email: "pat@example.com",
      password: "pat-secret",
    });
    expect(response).toEqual({ status: 303, location: "/my" });
    expect((await whoAmI(client)).body.user.email).toBe("pat@example.com");
  });

  it("answers 303 back to /register with the message key of a short password", async () => {
    const client = await visitor(server, "/register");
    const response = await submit(
      client,
      "/register",
      { name: "Quin", email: "quin@example.com", password: "12345" },
      "/register",
    );
    expect(response).toEqual({ status: 303, location: "/register?error=validation%3Astring_min" });
  });
});

describe("the password forms as plain forms", () => {
  it("POST /forgot-password answers 303 to /forgot-password?sent=1, for any address", async () => {
    await registerStudent(server, { name: "Rae", email: "rae@example.com", password: "rae-secret" });
    const known = await submit(await visitor(server, "/forgot-password"), "/forgot-password", {
      email: "rae@example.com",
    });
    const unknown = await submit(await visitor(server, "/forgot-password"), "/forgot-password", {
      email: "nobody@example.com",
    });
    expect(known).toEqual({ status: 303, location: "/forgot-password?sent=1" });
    expect(unknown).toEqual(known);
    expect((await resetMailsTo(server, "rae@example.com")).length).toBe(1);
  });

  it("POST /reset-password keeps the link's token when it sends the form back with an error", async () => {
    await registerStudent(server, { name: "Sol", email: "sol@example.com", password: "sol-secret" });
    const token = await requestResetToken(server, "sol@example.com");
    const page = `/reset-password?token=${encodeURIComponent(token)}`;
    const client = await visitor(server, page);
    const short = await submit(
      client,
      "/reset-password",
      { token, password: "12345", password_confirmation: "12345" },
      page,
    );
    expect(short.status).toBe(303);
    const back = new URL(short.location!, server.url);
    expect(back.pathname).toBe("/reset-password");
    expect(back.searchParams.get("token")).toBe(token);
    expect(back.searchParams.get("error")).toBe("validation:string_min");

    const ok = await submit(
      client,
      "/reset-password",
      { token, password: "sol-new-secret", password_confirmation: "sol-new-secret" },
      back.pathname + back.search,
    );
    expect(ok).toEqual({ status: 303, location: "/my" });
    expect((await whoAmI(client)).body.user.email).toBe("sol@example.com");
  });
});

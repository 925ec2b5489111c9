// Sessions (SECURITY.md "Accounts and sessions"): the cookie's attributes, the token is long and stored
// hashed, the session rotates at login (with the CSRF token bound to it), and logout ends it server-side.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { visitor, whoAmI } from "../helpers/accounts.ts";
import { BrowserClient } from "../helpers/browser-client.ts";
import { registerStudent, setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

const student = { name: "Stefan Student", email: "student@example.com", password: "student-secret" };

function sessionCookieLine(headers: Headers, name = "studium_session"): string {
  const line = headers.getSetCookie().find((l) => l.startsWith(`${name}=`));
  if (!line) throw new Error(`no ${name} cookie in ${JSON.stringify(headers.getSetCookie())}`);
  return line;
}

/** A browser that only holds a copy of another browser's session cookie (a stolen or replayed cookie). */
function replaying(server: TestServer, cookieValue: string): BrowserClient {
  const client = new BrowserClient(server.url);
  client.cookies.set("studium_session", cookieValue);
  return client;
}

describe("over plain HTTP", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
    await setUpSchool(server, { language: "en" });
    await registerStudent(server, student);
  });
  afterAll(() => server?.stop());

  it("sets an HttpOnly, SameSite=Lax session cookie for the whole site", async () => {
    const client = await visitor(server);
    const response = await client.post("/login", { email: student.email, password: student.password });
    expect(response.status).toBe(200);
    const line = sessionCookieLine(response.headers);
    expect(line).toMatch(/;\s*HttpOnly/i);
    expect(line).toMatch(/;\s*SameSite=Lax/i);
    expect(line).toMatch(/;\s*Path=\/(;|$)/i);
  });

  it("uses a token of at least 128 bits and stores only its hash", async () => {
    const client = await visitor(server);
    await client.post("/login", { email: student.email, password: student.password });
    const token = client.cookies.get("studium_session")!;
    expect(Buffer.from(token, "base64url").length).toBeGreaterThanOrEqual(16);
    const rows = await server.handle.db.selectFrom("sessions").selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows.map((r) => r.id)).toContain(createHash("sha256").update(token).digest("hex"));
  });

  it("rotates the session at login: a new cookie value, and the old session no longer works", async () => {
    const client = await visitor(server);
    await client.post("/login", { email: student.email, password: student.password });
    const before = client.cookies.get("studium_session")!;
    expect((await whoAmI(client)).status).toBe(200);

    const again = await client.post("/login", { email: student.email, password: student.password });
    expect(again.status).toBe(200);
    const after = client.cookies.get("studium_session")!;
    expect(after).not.toBe(before);
    expect((await whoAmI(client)).status).toBe(200);
    expect((await whoAmI(replaying(server, before))).status).toBe(401);
  });

  it("ignores a session id planted before login (no fixation)", async () => {
    const client = await visitor(server);
    client.cookies.set("studium_session", "planted-by-an-attacker");
    await client.page("/login"); // the unknown cookie is cleared
    expect(client.cookies.has("studium_session")).toBe(false);
    await client.post("/login", { email: student.email, password: student.password });
    expect(client.cookies.get("studium_session")).not.toBe("planted-by-an-attacker");
    expect((await whoAmI(replaying(server, "planted-by-an-attacker"))).status).toBe(401);
  });

  it("binds the CSRF token to the session: the anonymous token answers 419 after login, the returned one works", async () => {
    const client = await visitor(server);
    const anonymousToken = client.csrfToken;
    const response = await client.post("/login", { email: student.email, password: student.password });
    const sessionToken = response.body.csrf_token as string;
    expect(sessionToken).toBeTruthy();
    expect(sessionToken).not.toBe(anonymousToken);

    const stale = await client.json("PUT", "/my/account", { name: "Changed" }, { csrf: anonymousToken });
    expect(stale.status).toBe(419);
    const fresh = await client.json("PUT", "/my/account", { name: "Stefan Student" }, { csrf: sessionToken });
    expect(fresh.status).toBe(200);
    // The token the next page carries is the session's.
    await client.page("/my");
    expect(client.csrfToken).toBe(sessionToken);
  });

  it("logs out server-side: the old cookie replayed is anonymous, GET /my/account answers 401", async () => {
    const client = await visitor(server);
    await client.post("/login", { email: student.email, password: student.password });
    const cookie = client.cookies.get("studium_session")!;
    const sessionsBefore = await server.handle.db.selectFrom("sessions").select("id").execute();

    const response = await client.post("/logout");
    expect(response.status).toBe(200);
    expect(sessionCookieLine(response.headers)).toMatch(/Max-Age=0/i);
    expect(client.cookies.has("studium_session")).toBe(false);

    const replay = replaying(server, cookie);
    expect((await whoAmI(replay)).status).toBe(401);
    const page = await replay.page("/my");
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/login?next=%2Fmy");
    const sessionsAfter = await server.handle.db.selectFrom("sessions").select("id").execute();
    expect(sessionsAfter.length).toBe(sessionsBefore.length - 1);
  });

  it("does not log out without the CSRF token", async () => {
    const client = await visitor(server);
    await client.post("/login", { email: student.email, password: student.password });
    const response = await client.post("/logout", {}, { csrf: false });
    expect(response.status).toBe(419);
    expect((await whoAmI(client)).status).toBe(200);
  });
});

describe("behind HTTPS (COOKIE_SECURE=always)", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ COOKIE_SECURE: "always" });
    await setUpSchool(server, { language: "en" });
  });
  afterAll(() => server?.stop());

  it("marks the session cookie Secure with the __Host- prefix", async () => {
    const client = new BrowserClient(server.url);
    await client.page("/register");
    const response = await client.post("/register", student);
    expect(response.status).toBe(200);
    const line = sessionCookieLine(response.headers, "__Host-studium_session");
    expect(line).toMatch(/;\s*Secure/i);
    expect(line).toMatch(/;\s*HttpOnly/i);
    expect(line).toMatch(/;\s*SameSite=Lax/i);
    expect(line).not.toMatch(/;\s*Domain=/i);
  });
});

// Logging in (POST /login): no account enumeration, throttling per e-mail and address (spec §8 message,
// SECURITY.md "Accounts and sessions"), and the owner's login switch that never locks out an admin.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeSettings, englishSchool, visitor, whoAmI } from "../helpers/accounts.ts";
import type { BrowserClient } from "../helpers/browser-client.ts";
import { owner, registerStudent, setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;
let admin: BrowserClient;
const ann = { name: "Ann", email: "ann@example.com", password: "ann-secret" };
const ben = { name: "Ben", email: "ben@example.com", password: "ben-secret" };
const cat = { name: "Cat", email: "cat@example.com", password: "cat-secret" };

beforeAll(async () => {
  server = await startTestServer();
  admin = await setUpSchool(server, { language: "en" });
  for (const student of [ann, ben, cat]) await registerStudent(server, student);
});
afterAll(() => server?.stop());

async function attempt(email: string, password: string) {
  const client = await visitor(server);
  return client.post("/login", { email, password });
}

describe("credentials", () => {
  it("logs a student in and sends them to /my", async () => {
    const response = await attempt(ann.email, ann.password);
    expect(response.status).toBe(200);
    expect(response.body.redirect).toBe("/my");
    expect(response.body.user.email).toBe(ann.email);
  });

  it("accepts the e-mail in any case and with spaces around it", async () => {
    expect((await attempt("  ANN@example.COM ", ann.password)).status).toBe(200);
  });

  it("answers a wrong password and an unknown e-mail identically", async () => {
    const wrongPassword = await attempt(ann.email, "not-her-password");
    const unknownEmail = await attempt("nobody@example.com", "not-her-password");
    expect(wrongPassword.status).toBe(422);
    expect(unknownEmail.status).toBe(wrongPassword.status);
    expect(unknownEmail.body).toEqual(wrongPassword.body);
    expect(wrongPassword.body).toEqual({
      message: "These credentials do not match our records.",
      errors: { email: ["These credentials do not match our records."] },
    });
  });
});

describe("throttling", () => {
  it("refuses the 6th failed login for one e-mail from one address with 429, Retry-After and the seconds", async () => {
    for (let i = 1; i <= 5; i++) {
      const response = await attempt(ben.email, `wrong-${i}`);
      expect(response.status, `attempt ${i}`).toBe(422);
    }
    const sixth = await attempt(ben.email, "wrong-6");
    expect(sixth.status).toBe(429);
    const retryAfter = Number(sixth.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(sixth.body.message).toBe(`Too many login attempts. Please try again in ${retryAfter} seconds.`);

    // While blocked, even the right password is refused, and no session is opened.
    const right = await visitor(server);
    const response = await right.post("/login", { email: ben.email, password: ben.password });
    expect(response.status).toBe(429);
    expect((await whoAmI(right)).status).toBe(401);
  });

  it("does not block another e-mail from the same address", async () => {
    // ben@ is blocked from this address by the test above.
    expect((await attempt(ben.email, ben.password)).status).toBe(429);
    expect((await attempt(cat.email, "wrong")).status).toBe(422);
    expect((await attempt(cat.email, cat.password)).status).toBe(200);
  });

  it("throttles an unknown e-mail the same way, so the 429 reveals nothing either", async () => {
    for (let i = 1; i <= 5; i++) expect((await attempt("ghost@example.com", `wrong-${i}`)).status).toBe(422);
    const sixth = await attempt("ghost@example.com", "wrong-6");
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toMatch(/^Too many login attempts\. Please try again in \d+ seconds\.$/);
  });

  it("does not count a successful login, nor let it wipe the failures before it", async () => {
    const dan = { name: "Dan", email: "dan@example.com", password: "dan-secret" };
    await registerStudent(server, dan);
    for (let i = 1; i <= 4; i++) expect((await attempt(dan.email, `wrong-${i}`)).status).toBe(422);
    expect((await attempt(dan.email, dan.password)).status).toBe(200);
    expect((await attempt(dan.email, dan.password)).status).toBe(200);
    expect((await attempt(dan.email, "wrong-5")).status).toBe(422);
    expect((await attempt(dan.email, "wrong-6")).status).toBe(429);
  });
});

describe("the login switch", () => {
  it("blocks students with 'Login is temporarily disabled' but never the admin", async () => {
    await changeSettings(admin, englishSchool, { login_enabled: false });
    try {
      const student = await visitor(server);
      const refused = await student.post("/login", { email: cat.email, password: cat.password });
      expect(refused.status).toBe(503);
      expect(refused.body.message).toBe("Login is temporarily disabled");
      expect((await whoAmI(student)).status).toBe(401);

      // A wrong password still gets the usual answer: the switch does not tell who has an account.
      expect((await attempt(cat.email, "wrong")).body.message).toBe("These credentials do not match our records.");

      const owned = await attempt(owner.email, owner.password);
      expect(owned.status).toBe(200);
      expect(owned.body.redirect).toBe("/home");
    } finally {
      await changeSettings(admin, englishSchool, { login_enabled: true });
    }
    expect((await attempt(cat.email, cat.password)).status).toBe(200);
  });
});

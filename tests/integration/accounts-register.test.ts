// Registration (POST /register): a new student is logged in at once; duplicates, short passwords and the
// school's registration switch answer with the spec's messages, in the school's language.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeSettings, englishSchool, visitor, whoAmI } from "../helpers/accounts.ts";
import { owner, setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import type { BrowserClient } from "../helpers/browser-client.ts";

describe("on an English school", () => {
  let server: TestServer;
  let admin: BrowserClient;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await setUpSchool(server, { language: "en" });
  });
  afterAll(() => server?.stop());

  it("creates a student, logs them in, and the session cookie works on GET /my/account", async () => {
    const client = await visitor(server, "/register");
    const response = await client.post("/register", {
      name: "Ann Student",
      email: "Ann@Example.com",
      password: "secret-1",
    });
    expect(response.status).toBe(200);
    expect(response.body.redirect).toBe("/my");
    expect(response.body.user).toMatchObject({ name: "Ann Student", email: "ann@example.com", type: "App\\Student" });

    const me = await whoAmI(client);
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe("ann@example.com");
    const row = await server.handle.db
      .selectFrom("users")
      .selectAll()
      .where("email", "=", "ann@example.com")
      .executeTakeFirstOrThrow();
    expect(row.role).toBe("student");
    expect(row.password_hash).not.toContain("secret-1");
  });

  it("ends the session the browser already had when it registers a new account", async () => {
    const client = await visitor(server, "/register");
    expect(
      (await client.post("/register", { name: "First", email: "first@example.com", password: "secret-1" })).status,
    ).toBe(200);
    const firstSession = new Map(client.cookies);
    expect(
      (await client.post("/register", { name: "Second", email: "second@example.com", password: "secret-2" })).status,
    ).toBe(200);
    expect((await whoAmI(client)).body.user.email).toBe("second@example.com");

    const replay = await visitor(server);
    for (const [name, value] of firstSession) replay.cookies.set(name, value);
    expect((await whoAmI(replay)).status).toBe(401);
  });

  it("honours a same-site ?next= and ignores an off-site one", async () => {
    const a = await visitor(server, "/register?next=/courses");
    const ok = await a.post("/register", {
      name: "Nel",
      email: "nel@example.com",
      password: "secret-1",
      next: "/courses",
    });
    expect(ok.body.redirect).toBe("/courses");
    const b = await visitor(server, "/register");
    const evil = await b.post("/register", {
      name: "Eve",
      email: "eve@example.com",
      password: "secret-1",
      next: "//evil.example/x",
    });
    expect(evil.body.redirect).toBe("/my");
  });

  it("refuses a second account for the same e-mail (any case) with 'Account already exists'", async () => {
    const first = await visitor(server, "/register");
    expect(
      (await first.post("/register", { name: "Bob", email: "bob@example.com", password: "secret-1" })).status,
    ).toBe(200);
    const second = await visitor(server, "/register");
    const response = await second.post("/register", {
      name: "Bobby",
      email: "BOB@example.com",
      password: "other-secret",
    });
    expect(response.status).toBe(422);
    expect(response.body.errors.email).toEqual(["Account already exists"]);
    expect(response.body.message).toBe("Account already exists");
    expect((await whoAmI(second)).status).toBe(401);
  });

  it("refuses a password shorter than 6 characters, in English", async () => {
    const client = await visitor(server, "/register");
    const response = await client.post("/register", { name: "Cy", email: "cy@example.com", password: "12345" });
    expect(response.status).toBe(422);
    expect(response.body.errors.password).toEqual(["Minimum characters: 6."]);
    const six = await client.post("/register", { name: "Cy", email: "cy@example.com", password: "123456" });
    expect(six.status).toBe(200);
  });

  it("answers 503 'Registration is temporarily disabled' while the owner has switched it off", async () => {
    await changeSettings(admin, englishSchool, { registration_enabled: false });
    try {
      const client = await visitor(server, "/register");
      const response = await client.post("/register", { name: "Dee", email: "dee@example.com", password: "secret-1" });
      expect(response.status).toBe(503);
      expect(response.body.message).toBe("Registration is temporarily disabled");
      const created = await server.handle.db
        .selectFrom("users")
        .select("id")
        .where("email", "=", "dee@example.com")
        .executeTakeFirst();
      expect(created).toBeUndefined();
    } finally {
      await changeSettings(admin, englishSchool, { registration_enabled: true });
    }
    const again = await visitor(server, "/register");
    expect(
      (await again.post("/register", { name: "Dee", email: "dee@example.com", password: "secret-1" })).status,
    ).toBe(200);
  });

  it("only lets the admin switch registration", async () => {
    const student = await visitor(server, "/register");
    await student.post("/register", { name: "Sam", email: "sam@example.com", password: "secret-1" });
    const response = await student.json("PUT", "/home/settings", { ...englishSchool, registration_enabled: false });
    expect(response.status).toBe(403);
    const check = await visitor(server, "/register");
    expect(
      (await check.post("/register", { name: "Tia", email: "tia@example.com", password: "secret-1" })).status,
    ).toBe(200);
  });

  it("cannot register an admin: the role is not taken from the request", async () => {
    const client = await visitor(server, "/register");
    const response = await client.post("/register", {
      name: "Mal",
      email: "mal@example.com",
      password: "secret-1",
      role: "admin",
    });
    expect(response.status).toBe(200);
    expect(response.body.user.type).toBe("App\\Student");
    const row = await server.handle.db
      .selectFrom("users")
      .select("role")
      .where("email", "=", "mal@example.com")
      .executeTakeFirstOrThrow();
    expect(row.role).toBe("student");
  });
});

describe("on a Polish school", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
    await setUpSchool(server, { language: "pl" });
  });
  afterAll(() => server?.stop());

  it("refuses a password shorter than 6 characters with 'Minimum znaków: 6.'", async () => {
    const client = await visitor(server, "/register");
    const response = await client.post("/register", { name: "Ola", email: "ola@example.com", password: "12345" });
    expect(response.status).toBe(422);
    expect(response.body.errors.password).toEqual(["Minimum znaków: 6."]);
  });

  it("says 'Konto już istnieje' for a taken e-mail", async () => {
    const client = await visitor(server, "/register");
    const response = await client.post("/register", { name: "Olga", email: owner.email, password: "secret-1" });
    expect(response.status).toBe(422);
    expect(response.body.errors.email).toEqual(["Konto już istnieje"]);
  });
});

// First run: an empty install sends every page to /setup, where the owner creates the school and their own
// account once; with sample content the home page shows the school and its sample course in the school's
// language, and the sample student can log in.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserClient } from "../helpers/browser-client.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

const ownerInput = {
  school_name: "Photo School",
  language: "en",
  currency: "EUR",
  name: "Olga Owner",
  email: "owner@example.com",
  password: "owner-secret",
  sample: false,
};

async function counts(server: TestServer) {
  const db = server.handle.db;
  const count = async (table: "school" | "users" | "courses") =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { schools: await count("school"), users: await count("users"), courses: await count("courses") };
}

describe("an empty install", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.stop());

  it("sends the home page and the login page to /setup", async () => {
    const client = new BrowserClient(server.url);
    for (const path of ["/", "/login"]) {
      const response = await client.page(path);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("location"), path).toBe("/setup");
    }
  });

  it("shows the setup form in the browser's language", async () => {
    const english = await new BrowserClient(server.url).page("/setup");
    expect(english.status).toBe(200);
    expect(english.html).toContain("Set up your school");
    expect(english.html).toContain('name="school_name"');

    const polish = new BrowserClient(server.url);
    const response = await polish.raw("/setup", {
      headers: { accept: "text/html", "accept-language": "pl-PL,pl;q=0.9" },
    });
    expect(await response.text()).toContain("Skonfiguruj swoją szkołę");
  });

  it("answers 422 with field errors for invalid input, and creates nothing", async () => {
    const client = new BrowserClient(server.url);
    await client.page("/setup");
    const response = await client.post("/setup", {
      ...ownerInput,
      school_name: "",
      language: "de",
      email: "not-an-email",
      password: "12345",
    });
    expect(response.status).toBe(422);
    expect(response.body.errors.school_name).toEqual(["This field is required."]);
    expect(response.body.errors.language).toEqual(["Choose one of the options."]);
    expect(response.body.errors.email).toEqual(["Enter a valid e-mail address."]);
    expect(response.body.errors.password).toEqual(["Minimum characters: 6."]);
    expect(await counts(server)).toEqual({ schools: 0, users: 0, courses: 0 });
  });

  it("sends a plain form post with errors back to /setup with the error's key", async () => {
    const client = new BrowserClient(server.url);
    await client.page("/setup");
    const form = new URLSearchParams({ _csrf: client.csrfToken, ...ownerInput, sample: "on", email: "" });
    const response = await client.raw("/setup", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: form.toString(),
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/setup?error=validation%3Arequired");
    expect((await counts(server)).schools).toBe(0);
  });

  it("creates the school once and logs the owner in as an admin", async () => {
    const client = new BrowserClient(server.url);
    await client.page("/setup");
    const response = await client.post("/setup", ownerInput);
    expect(response.status).toBe(200);
    expect(response.body.redirect).toBe("/");
    expect(response.body.sample_student).toBeNull();

    const account = await client.json("GET", "/my/account");
    expect(account.status).toBe(200);
    expect(account.body.user).toMatchObject({ email: "owner@example.com", name: "Olga Owner", role: "admin" });

    const school = await server.handle.db.selectFrom("school").selectAll().executeTakeFirstOrThrow();
    expect(school).toMatchObject({ name: "Photo School", language: "en", currency: "EUR" });
    // Without 'add sample content' there is nothing but the owner.
    expect(await counts(server)).toEqual({ schools: 1, users: 1, courses: 0 });
  });

  it("refuses a second setup with 409 and changes nothing", async () => {
    const before = await counts(server);
    const school = await server.handle.db.selectFrom("school").selectAll().executeTakeFirstOrThrow();
    const client = new BrowserClient(server.url);
    await client.page("/login");
    const response = await client.post("/setup", {
      ...ownerInput,
      school_name: "Hijacked",
      language: "pl",
      email: "intruder@example.com",
      sample: true,
    });
    expect(response.status).toBe(409);
    expect(response.body.message).toBe("This school has already been set up.");
    expect(await counts(server)).toEqual(before);
    expect(await server.handle.db.selectFrom("school").selectAll().executeTakeFirstOrThrow()).toEqual(school);
    expect(
      await server.handle.db
        .selectFrom("users")
        .where("email", "=", "intruder@example.com")
        .selectAll()
        .executeTakeFirst(),
    ).toBeUndefined();
  });

  it("sends /setup home once the school exists, and the pages no longer go to /setup", async () => {
    const client = new BrowserClient(server.url);
    const setup = await client.page("/setup");
    expect(setup.status).toBe(302);
    expect(setup.headers.get("location")).toBe("/");
    expect((await client.page("/login")).status).toBe(200);
  });

  it("shows the school's name and an empty state on the home page when no course is published", async () => {
    const home = await new BrowserClient(server.url).page("/");
    expect(home.status).toBe(200);
    expect(home.html).toContain("Photo School");
    expect(home.html).toContain("No courses yet");
  });
});

describe("setup with sample content in Polish", () => {
  let server: TestServer;
  let student: { name: string; email: string; password: string };
  beforeAll(async () => {
    server = await startTestServer();
    const client = new BrowserClient(server.url);
    await client.page("/setup");
    const response = await client.post("/setup", {
      ...ownerInput,
      school_name: "Akademia Fotografii",
      language: "pl",
      currency: "PLN",
      sample: true,
    });
    expect(response.status).toBe(200);
    student = response.body.sample_student;
  });
  afterAll(() => server?.stop());

  it("shows the school and its sample course on the home page, in Polish", async () => {
    const home = await new BrowserClient(server.url).page("/");
    expect(home.status).toBe(200);
    expect(home.html).toContain('<html lang="pl"');
    expect(home.html).toContain("Akademia Fotografii");
    expect(home.html).toContain("Podstawy fotografii cyfrowej");
    expect(home.html).toContain("Kursy");
    // Polish plural, §9 minutes format (5+25+75+40+65+32 = 242 min) and the price in złoty.
    expect(home.html).toContain("6 lekcji");
    expect(home.html).toContain("4h 2min");
    expect(home.html).toMatch(/199,00\s?zł/);
    expect(home.html).not.toContain("Digital Photography Basics");
  });

  it("adds a published course with two sections and free, login-only and paid lectures", async () => {
    const db = server.handle.db;
    const course = await db.selectFrom("courses").selectAll().executeTakeFirstOrThrow();
    expect(course).toMatchObject({
      status: "published",
      price_cents: 19900,
      currency: "PLN",
      slug: "podstawy-fotografii-cyfrowej",
    });
    expect(course.description.length).toBeGreaterThan(100);
    const sections = await db
      .selectFrom("course_sections")
      .where("course_id", "=", course.id)
      .selectAll()
      .orderBy("position")
      .execute();
    expect(sections.map((s) => s.title)).toEqual(["Pierwsze kroki", "Światło i kompozycja"]);
    const lectures = await db
      .selectFrom("lectures")
      .where(
        "section_id",
        "in",
        sections.map((s) => s.id),
      )
      .selectAll()
      .execute();
    expect(lectures.length).toBeGreaterThanOrEqual(5);
    expect(new Set(lectures.map((l) => l.access))).toEqual(new Set(["free", "login", "paid"]));
    expect(lectures.some((l) => l.duration_minutes >= 60)).toBe(true);
    expect(lectures.every((l) => l.status === "published")).toBe(true);
    // Every lecture's lesson is a markdown component, as in a lecture made in the editor.
    const lessons = await db
      .selectFrom("lecture_components")
      .select("lecture_id")
      .where("kind", "=", "markdown")
      .execute();
    expect(new Set(lessons.map((c) => c.lecture_id))).toEqual(new Set(lectures.map((l) => l.id)));
  });

  it("creates a sample student with a random password that can log in", async () => {
    expect(student.email).toMatch(/@example\.com$/);
    expect(student.password.length).toBeGreaterThanOrEqual(12);
    const client = new BrowserClient(server.url);
    await client.page("/login");
    const login = await client.post("/login", { email: student.email, password: student.password });
    expect(login.status).toBe(200);
    const account = await client.json("GET", "/my/account");
    expect(account.body.user).toMatchObject({ email: student.email, role: "student" });
  });
});

describe("setup with sample content in English, through the plain HTML form", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.stop());

  it("sets up the school, logs the owner in and shows the English sample course", async () => {
    const client = new BrowserClient(server.url);
    await client.page("/setup");
    const form = new URLSearchParams({ _csrf: client.csrfToken, ...ownerInput, currency: "USD", sample: "on" });
    const response = await client.raw("/setup", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: form.toString(),
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/");
    expect((await client.json("GET", "/my/account")).body.user.role).toBe("admin");

    const home = await new BrowserClient(server.url).page("/");
    expect(home.html).toContain('<html lang="en"');
    expect(home.html).toContain("Photo School");
    expect(home.html).toContain("Digital Photography Basics");
    expect(home.html).toContain("6 lectures");
    expect(home.html).toContain("4h 2min");
    expect(home.html).toContain("US$199.00");
    expect(home.html).not.toContain("Podstawy fotografii cyfrowej");
  });
});

describe("setups racing each other", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.stop());

  it("lets exactly one of eight simultaneous setups through", async () => {
    const clients = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const client = new BrowserClient(server.url);
        await client.page("/setup");
        return client;
      }),
    );
    const responses = await Promise.all(
      clients.map((client, i) => client.post("/setup", { ...ownerInput, email: `owner${i}@example.com` })),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    expect(await counts(server)).toMatchObject({ schools: 1, users: 1 });
  });
});

// The admin area (/home): who gets in, the dashboard's figures from the database, the school settings
// (PUT /home/settings and the plain-form fallback), and the 404 / 500 pages in the school's language.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserClient } from "../helpers/browser-client.ts";
import { registerStudent, setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;
let admin: BrowserClient;
let student: BrowserClient;

const day = 24 * 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

/** The page's text as a reader sees it (React escapes apostrophes and quotes). */
function text(html: string): string {
  return html
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");
}

function stat(html: string, name: string): string | undefined {
  return new RegExp(`data-stat="${name}"[^>]*>([^<]*)<`).exec(html)?.[1]?.trim();
}

async function settings(overrides: Record<string, unknown> = {}) {
  return admin.json("PUT", "/home/settings", {
    name: "Test Academy",
    language: "en",
    currency: "EUR",
    login_enabled: true,
    registration_enabled: true,
    ...overrides,
  });
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await setUpSchool(server, { language: "en" });
  student = await registerStudent(server);
  await registerStudent(server, { name: "Sara Second", email: "second@example.com", password: "student-secret" });

  // What the dashboard counts, arranged directly in the database.
  const db = server.handle.db;
  const now = new Date().toISOString();
  await db
    .insertInto("mails")
    .values([
      {
        to_address: "a@example.com",
        subject: "Recent 1",
        text_body: "x",
        html_body: null,
        transport: "outbox",
        created_at: ago(60_000),
        sent_at: null,
      },
      {
        to_address: "b@example.com",
        subject: "Recent 2",
        text_body: "x",
        html_body: null,
        transport: "outbox",
        created_at: ago(6 * day),
        sent_at: null,
      },
      {
        to_address: "c@example.com",
        subject: "Old",
        text_body: "x",
        html_body: null,
        transport: "outbox",
        created_at: ago(8 * day),
        sent_at: null,
      },
    ])
    .execute();
  const job = {
    type: "mail.send",
    payload: "{}",
    attempts: 8,
    max_attempts: 8,
    run_at: now,
    created_at: now,
    updated_at: now,
  };
  await db
    .insertInto("jobs")
    .values([
      { ...job, status: "failed", last_error: "SMTP said no" },
      { ...job, status: "failed", last_error: "SMTP said no" },
      { ...job, status: "done", attempts: 1 },
    ])
    .execute();
  const course = { description: "", price_cents: 1000, currency: "EUR", created_at: now, updated_at: now };
  await db
    .insertInto("courses")
    .values([
      { ...course, slug: "one", title: "One", status: "published" },
      { ...course, slug: "two", title: "Two", status: "published" },
      { ...course, slug: "draft", title: "Draft", status: "draft" },
    ])
    .execute();
});
afterAll(() => server?.stop());

describe("who gets into /home", () => {
  it("sends a visitor to log in, coming back to /home afterwards", async () => {
    const visitor = new BrowserClient(server.url);
    const response = await visitor.raw("/home", { headers: { accept: "text/html" } });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login?next=%2Fhome");
    const deeper = await visitor.raw("/home/settings", { headers: { accept: "text/html" } });
    expect(deeper.headers.get("location")).toBe("/login?next=%2Fhome%2Fsettings");
  });

  it("answers a student with the 404 page, in the public look", async () => {
    for (const path of ["/home", "/home/settings"]) {
      const { status, html } = await student.page(path);
      expect(status, path).toBe(404);
      expect(text(html)).toContain("We couldn't find that page.");
      expect(html).toContain("Test Academy"); // the public header
      expect(html).not.toContain("Mail outbox"); // nothing of the admin area's navigation
    }
  });

  it("shows the admin the dashboard with the figures from the database", async () => {
    const { status, html } = await admin.page("/home");
    expect(status).toBe(200);
    expect(html).toContain("Welcome to the admin area of Test Academy.");
    expect(stat(html, "students")).toBe("2");
    expect(stat(html, "admins")).toBe("1");
    expect(stat(html, "published_courses")).toBe("2");
    expect(stat(html, "mails_week")).toBe("2");
    expect(stat(html, "failed_jobs")).toBe("2");
    expect(html).toContain("2 background jobs have failed.");
    expect(html).toContain('href="/home/jobs"');
    // the navigation of the area
    for (const label of ["Dashboard", "Settings", "Mail outbox", "Jobs"]) expect(html).toContain(label);
  });

  it("tells the admin when buyers cannot pay: no payment method is turned on", async () => {
    const notice = (html: string) => /data-notice="payments"[\s\S]*?<\/div>/.exec(html)?.[0];
    expect(notice((await admin.page("/home")).html)).toBeUndefined();
    await server.handle.db.updateTable("integrations").set({ enabled: 0 }).where("kind", "=", "payment").execute();
    try {
      const shown = notice((await admin.page("/home")).html);
      expect(text(shown ?? "")).toContain("Buyers cannot pay yet: no payment method is turned on.");
      expect(shown).toContain('href="/home/integrations"');
    } finally {
      await server.handle.db.updateTable("integrations").set({ enabled: 1 }).where("provider", "=", "test").execute();
    }
    expect(notice((await admin.page("/home")).html)).toBeUndefined();
  });

  it("shows the settings page with the school's current values", async () => {
    const { status, html } = await admin.page("/home/settings");
    expect(status).toBe(200);
    expect(html).toMatch(/name="name"[^>]*value="Test Academy"|value="Test Academy"[^>]*name="name"/);
    expect(text(html)).toContain(
      "students see “Login is temporarily disabled” and cannot log in. Administrators can always log in.",
    );
  });
});

describe("PUT /home/settings", () => {
  it("refuses a visitor (401), a student (403) and a call without the CSRF token (419)", async () => {
    const visitor = new BrowserClient(server.url);
    await visitor.page("/login");
    expect((await visitor.json("PUT", "/home/settings", { name: "Hacked" })).status).toBe(401);
    expect((await student.json("PUT", "/home/settings", { name: "Hacked" })).status).toBe(403);
    const noToken = await admin.json("PUT", "/home/settings", { name: "Hacked" }, { csrf: false });
    expect(noToken.status).toBe(419);
    const school = await server.handle.db.selectFrom("school").select("name").executeTakeFirstOrThrow();
    expect(school.name).toBe("Test Academy");
  });

  it("answers 422 to an unknown currency, with the message under the field", async () => {
    const response = await settings({ currency: "XYZ" });
    expect(response.status).toBe(422);
    expect(response.body.errors.currency).toEqual(["Choose one of the options."]);
  });

  it("saves the switches as sent", async () => {
    expect((await settings({ login_enabled: false, registration_enabled: false })).status).toBe(200);
    let school = await server.handle.db.selectFrom("school").selectAll().executeTakeFirstOrThrow();
    expect([school.login_enabled, school.registration_enabled]).toEqual([0, 0]);
    expect((await settings()).status).toBe(200);
    school = await server.handle.db.selectFrom("school").selectAll().executeTakeFirstOrThrow();
    expect([school.login_enabled, school.registration_enabled]).toEqual([1, 1]);
  });

  it("sets the home page's tagline; empty, the home page says a neutral default", async () => {
    const home = async () => text((await new BrowserClient(server.url).page("/")).html);
    expect(await home()).toContain("Online courses and more, to learn at your own pace.");
    expect(await home()).not.toContain("community");
    expect((await settings({ tagline: "  Pottery for everyone  " })).status).toBe(200);
    expect(await home()).toContain(">Pottery for everyone<");
    // Left out, it stays; sent empty, the default is back.
    expect((await settings()).status).toBe(200);
    expect(await home()).toContain(">Pottery for everyone<");
    expect((await settings({ tagline: "x".repeat(201) })).status).toBe(422);
    expect((await settings({ tagline: "" })).status).toBe(200);
    expect(await home()).toContain("Online courses and more, to learn at your own pace.");
  });

  it("keeps the VAT rate new courses and products start with: 0 for an English school in EUR, then the owner's", async () => {
    const school = await server.handle.db.selectFrom("school").select("vat_rate").executeTakeFirstOrThrow();
    expect(school.vat_rate).toBe(0);
    const before = await admin.post("/home/courses", { title: "Untaxed course" });
    expect(before.body.course).toMatchObject({ currency: "EUR", vat_rate: 0 });
    expect((await settings({ vat_rate: 19 })).status).toBe(200);
    expect((await admin.post("/home/courses", { title: "German course" })).body.course.vat_rate).toBe(19);
    const product = await admin.post("/home/products", {
      kind: "consultation",
      title: "A call",
      variants: [{ price_cents: 5000 }],
    });
    expect(product.status, JSON.stringify(product.body)).toBe(200);
    expect(product.body.product.vat_rate).toBe(19);
    // What was made before keeps its own rate.
    expect(
      (
        await server.handle.db
          .selectFrom("courses")
          .select("vat_rate")
          .where("id", "=", before.body.course.id)
          .executeTakeFirstOrThrow()
      ).vat_rate,
    ).toBe(0);
    expect((await settings({ vat_rate: 101 })).status).toBe(422);
    const page = (await admin.page("/home/settings")).html;
    expect(page).toMatch(/name="vat_rate"[^>]*value="19"|value="19"[^>]*name="vat_rate"/);
  });

  it("changes the name and the language: the next page is in Polish", async () => {
    const response = await settings({ name: "Akademia Nowa", language: "pl", currency: "PLN" });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true, contrast_warnings: [] });
    const { html } = await admin.page("/home");
    expect(html).toContain('<html lang="pl"');
    expect(html).toContain("Witaj w panelu administratora szkoły Akademia Nowa.");
    expect(html).toContain("Skrzynka nadawcza");
    expect(html).toContain("2 zadania w tle zakończyły się błędem.");
    // validation messages follow the language too
    const invalid = await settings({ name: "Akademia Nowa", language: "pl", currency: "XYZ" });
    expect(invalid.body.errors.currency).toEqual(["Wybierz jedną z opcji."]);
  });

  it("also takes the page's plain form (before hydration): 303 back to the page, unticked switches off", async () => {
    await admin.page("/home/settings");
    const form = new URLSearchParams({
      _csrf: admin.csrfToken,
      name: "Akademia Formularz",
      language: "pl",
      currency: "PLN",
      registration_enabled: "on",
    });
    const response = await admin.raw("/home/settings", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: form.toString(),
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/home/settings?saved=1");
    const school = await server.handle.db.selectFrom("school").selectAll().executeTakeFirstOrThrow();
    expect(school.name).toBe("Akademia Formularz");
    expect([school.login_enabled, school.registration_enabled]).toEqual([0, 1]);

    const asStudent = await student.raw("/home/settings", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        _csrf: student.csrfToken,
        name: "Hacked",
        language: "pl",
        currency: "PLN",
      }).toString(),
    });
    expect(asStudent.status).toBe(303);
    expect(asStudent.headers.get("location")).toContain("error=errors%3Aforbidden");
    expect((await server.handle.db.selectFrom("school").select("name").executeTakeFirstOrThrow()).name).toBe(
      "Akademia Formularz",
    );
  });
});

describe("unknown addresses", () => {
  it("answer 404 with the page in the school's language, inside the public look", async () => {
    expect((await settings({ name: "Akademia Nowa", language: "pl", currency: "PLN" })).status).toBe(200);
    const visitor = new BrowserClient(server.url);
    let page = await visitor.page("/no/such/page");
    expect(page.status).toBe(404);
    expect(page.html).toContain('<html lang="pl"');
    expect(page.html).toContain("Nie znaleźliśmy tej strony.");
    expect(page.html).toContain("Błąd 404");
    expect(page.html).toContain("Akademia Nowa");
    expect(page.html).toContain("Zaloguj się"); // the public header's login link

    expect((await settings({ name: "Test Academy", language: "en" })).status).toBe(200);
    page = await visitor.page("/no/such/page");
    expect(page.status).toBe(404);
    expect(page.html).toContain('<html lang="en"');
    expect(text(page.html)).toContain("We couldn't find that page.");
    expect(page.html).toContain("Error 404");
    expect(page.html).toContain("Test Academy");
  });

  it("answer 404 JSON to an unknown API call, in the school's language", async () => {
    const response = await admin.json("PUT", "/home/no-such-call", {});
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: "We couldn't find that page." });
  });
});

// Last: these break the database on purpose to get real, unexpected failures (no test-only code path).
describe("unexpected failures", () => {
  it("a failing page loader answers 500 with the localized page and no internals", async () => {
    await sql`ALTER TABLE mails RENAME TO mails_broken`.execute(server.handle.db);
    try {
      const { status, html } = await admin.page("/home");
      expect(status).toBe(500);
      expect(html).toContain("Something went wrong");
      expect(html).toContain("Mail outbox"); // still inside the admin area's frame
      expect(html).not.toMatch(/no such table|does not exist|mails_broken|SqliteError|node_modules|\.ts:\d+/i);
    } finally {
      await sql`ALTER TABLE mails_broken RENAME TO mails`.execute(server.handle.db);
    }
    expect((await admin.page("/home")).status).toBe(200);
  });

  it("a failing JSON call answers 500 with only a localized message", async () => {
    await sql`ALTER TABLE school RENAME COLUMN currency TO currency_broken`.execute(server.handle.db);
    try {
      const response = await settings();
      expect(response.status).toBe(500);
      expect(response.body).toEqual({ message: "Something went wrong" });
    } finally {
      await sql`ALTER TABLE school RENAME COLUMN currency_broken TO currency`.execute(server.handle.db);
    }
    expect((await settings()).status).toBe(200);
  });
});

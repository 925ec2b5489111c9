// The account pages as the server renders them (before any script): who may see them, which form or
// message they show, and that the forms post to the JSON endpoints with the page's CSRF token.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeSettings, englishSchool, requestResetToken, visitor } from "../helpers/accounts.ts";
import { BrowserClient } from "../helpers/browser-client.ts";
import { registerStudent, setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;
let admin: BrowserClient;
let student: BrowserClient;
const stefan = { name: "Stefan Student", email: "student@example.com", password: "student-secret" };

beforeAll(async () => {
  server = await startTestServer();
  admin = await setUpSchool(server, { language: "en" });
  student = await registerStudent(server, stefan);
});
afterAll(() => server?.stop());

function inputTag(html: string, name: string): string | undefined {
  return new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0];
}

function formTag(html: string, action: string): string | undefined {
  return new RegExp(`<form[^>]*action="${action}"[^>]*>`).exec(html)?.[0];
}

describe("/register", () => {
  it("shows the form, posting to /register with the page's CSRF token", async () => {
    const client = new BrowserClient(server.url);
    const { status, html } = await client.page("/register");
    expect(status).toBe(200);
    expect(html).toContain("Create your account");
    expect(formTag(html, "/register")).toMatch(/method="post"/);
    expect(inputTag(html, "_csrf")).toContain(`value="${client.csrfToken}"`);
    for (const field of ["name", "email", "password"]) expect(inputTag(html, field), field).toBeDefined();
  });

  it("carries a same-site ?next= in the form, and drops an off-site one", async () => {
    const client = await visitor(server, "/");
    expect(inputTag((await client.page("/register?next=%2Fcourses")).html, "next")).toContain('value="/courses"');
    expect(inputTag((await client.page("/register?next=%2F%2Fevil.example")).html, "next")).toBeUndefined();
  });

  it("shows 'Registration is temporarily disabled' instead of the form while switched off", async () => {
    await changeSettings(admin, englishSchool, { registration_enabled: false });
    try {
      const { html } = await (await visitor(server, "/")).page("/register");
      expect(html).toContain("Registration is temporarily disabled");
      expect(inputTag(html, "password")).toBeUndefined();
    } finally {
      await changeSettings(admin, englishSchool, { registration_enabled: true });
    }
    const { html } = await (await visitor(server, "/")).page("/register");
    expect(html).not.toContain("Registration is temporarily disabled");
    expect(inputTag(html, "password")).toBeDefined();
  });

  it("shows the error of a plain form post from the query", async () => {
    const { html } = await (await visitor(server, "/")).page("/register?error=validation%3Astring_min");
    expect(html).toContain("Minimum characters: 6.");
  });

  it("sends a logged-in visitor away: a student to /my, the admin to /home, or to a same-site ?next=", async () => {
    expect((await student.page("/register")).headers.get("location")).toBe("/my");
    expect((await admin.page("/register")).headers.get("location")).toBe("/home");
    expect((await student.page("/register?next=%2Fmy%2Faccount")).headers.get("location")).toBe("/my/account");
    expect((await student.page("/register?next=%2F%2Fevil.example")).headers.get("location")).toBe("/my");
    expect((await student.page("/login")).headers.get("location")).toBe("/my");
  });

  it("speaks the school's language", async () => {
    await changeSettings(admin, englishSchool, { language: "pl" });
    try {
      const { html } = await (await visitor(server, "/")).page("/register");
      expect(html).toContain('<html lang="pl"');
      expect(html).toContain("Załóż konto");
    } finally {
      await changeSettings(admin, englishSchool, { language: "en" });
    }
  });
});

describe("/forgot-password", () => {
  it("shows the form", async () => {
    const { html } = await (await visitor(server, "/")).page("/forgot-password");
    expect(formTag(html, "/forgot-password")).toMatch(/method="post"/);
    expect(inputTag(html, "email")).toBeDefined();
    expect(html).not.toContain("If an account exists");
  });

  it("shows the same 'sent' message after a plain form post (?sent=1)", async () => {
    const { html } = await (await visitor(server, "/")).page("/forgot-password?sent=1");
    expect(html).toContain(
      "If an account exists for that e-mail address, we have sent a link to reset the password. It is valid for 60 minutes.",
    );
    expect(inputTag(html, "email")).toBeUndefined();
  });
});

describe("/reset-password", () => {
  it("shows the form with the link's token for a usable link", async () => {
    const token = await requestResetToken(server, stefan.email);
    const { html } = await (await visitor(server, "/")).page(`/reset-password?token=${encodeURIComponent(token)}`);
    expect(formTag(html, "/reset-password")).toMatch(/method="post"/);
    expect(inputTag(html, "token")).toContain(`value="${token}"`);
    expect(inputTag(html, "password")).toBeDefined();
    expect(inputTag(html, "password_confirmation")).toBeDefined();
    expect(html).not.toContain("This password reset link is invalid");
  });

  it("says the link is invalid, with a link to ask again, for an unknown, missing or used token", async () => {
    for (const path of ["/reset-password?token=made-up", "/reset-password"]) {
      const { html } = await (await visitor(server, "/")).page(path);
      expect(html, path).toContain("This password reset link is invalid, expired or already used. Ask for a new one.");
      expect(html, path).toContain('href="/forgot-password"');
      expect(inputTag(html, "password"), path).toBeUndefined();
    }
  });
});

describe("/my", () => {
  it("sends a visitor who is not logged in to /login, coming back afterwards", async () => {
    const client = await visitor(server, "/");
    const my = await client.page("/my");
    expect(my.status).toBe(302);
    expect(my.headers.get("location")).toBe("/login?next=%2Fmy");
    expect((await client.page("/my/account")).headers.get("location")).toBe("/login?next=%2Fmy%2Faccount");
  });

  it("shows the student's (empty) products with a link to the school, and the area's navigation", async () => {
    const { status, html } = await student.page("/my");
    expect(status).toBe(200);
    expect(html).toContain("You have no products yet.");
    expect(html).toMatch(/<a[^>]*href="\/courses"[^>]*>Browse the courses<\/a>/);
    expect(html).toMatch(/<a[^>]*href="\/my\/account"[^>]*>Account settings<\/a>/);
    expect(html).toMatch(
      /<a[^>]*aria-current="page"[^>]*href="\/my"[^>]*>My products<\/a>|<a[^>]*href="\/my"[^>]*aria-current="page"[^>]*>My products<\/a>/,
    );
  });

  it("shows the account settings filled with the student's data and preferences", async () => {
    await student.post("/my/account/notifications", { product_updates: false, community_replies: true });
    const { status, html } = await student.page("/my/account");
    expect(status).toBe(200);
    expect(inputTag(html, "name")).toContain(`value="${stefan.name}"`);
    expect(inputTag(html, "email")).toContain(`value="${stefan.email}"`);
    expect(formTag(html, "/my/account/email")).toBeDefined();
    expect(formTag(html, "/my/account/password")).toBeDefined();
    expect(inputTag(html, "sign_out_others")).toMatch(/checked/);
    expect(inputTag(html, "product_updates")).not.toMatch(/checked/);
    expect(inputTag(html, "community_replies")).toMatch(/checked/);
  });
});

describe("page titles", () => {
  it("name the page and the school, for a visitor and for a student", async () => {
    const school = "Test Academy";
    const anonymous = new BrowserClient(server.url);
    for (const [path, title] of [
      ["/login", "Log in"],
      ["/register", "Create your account"],
      ["/forgot-password", "Reset your password"],
    ]) {
      expect((await anonymous.page(path!)).html, path).toContain(`<title>${title} · ${school}</title>`);
    }
    for (const [path, title] of [
      ["/my", "My products"],
      ["/my/account", "Account settings"],
      ["/my/invoices", "Invoices"],
    ]) {
      expect((await student.page(path!)).html, path).toContain(`<title>${title} · ${school}</title>`);
    }
  });
});

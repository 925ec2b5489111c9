// Pages answer errors like the API (server/http/page-errors.ts): a use-case's not_found is the 404 page in the
// school's language and the page's frame, a logged-out visitor is sent to log in and come back, a student in the
// admin area gets the 404 page, and an unexpected failure is a 500 that shows no internals and is logged once
// with the request's method and path. The other statuses (403, 409, 422, 503) on the real pages:
// page-error-statuses.test.ts.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserClient } from "../helpers/browser-client.ts";
import { changeSettings, englishSchool } from "../helpers/accounts.ts";
import { registerStudent, setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer, waitFor } from "../helpers/test-server.ts";

let server: TestServer;
let admin: BrowserClient;
let student: BrowserClient;

/** The page's text as a reader sees it (React escapes apostrophes and quotes). */
const text = (html: string) =>
  html
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

beforeAll(async () => {
  server = await startTestServer();
  admin = await setUpSchool(server, { language: "en" });
  student = await registerStudent(server);
});
afterAll(() => server?.stop());

describe("a use-case's not_found in a page loader", () => {
  it("is the 404 page in the school's language, inside the admin frame, in English and in Polish", async () => {
    let page = await admin.page("/home/courses/999999");
    expect(page.status).toBe(404);
    expect(page.html).toContain('<html lang="en"');
    expect(page.html).toContain("Error 404");
    expect(text(page.html)).toContain("We couldn't find that page.");
    expect(page.html).toContain("Mail outbox"); // the admin area's navigation

    await changeSettings(admin, englishSchool, { language: "pl" });
    try {
      page = await admin.page("/home/products/999999");
      expect(page.status).toBe(404);
      expect(page.html).toContain('<html lang="pl"');
      expect(page.html).toContain("Błąd 404");
      expect(page.html).toContain("Nie znaleźliśmy tej strony.");
    } finally {
      await changeSettings(admin, { ...englishSchool, language: "pl" }, { language: "en" });
    }
  });

  it("is the 404 page in the public look for a student's unknown access manager", async () => {
    const page = await student.page("/home/access-manager/999999");
    expect(page.status).toBe(404);
    expect(text(page.html)).toContain("We couldn't find that page.");
    expect(page.html).not.toContain("Mail outbox");
  });

  it("answers a client-side navigation (React Router's data request) with 404 too", async () => {
    const response = await admin.raw("/home/courses/999999.data?_routes=routes%2Fadmin%2Fcourses%2Fedit");
    expect(response.status).toBe(404);
    await response.arrayBuffer();
  });

  it("is the 404 page for a student in the admin area (its existence is not advertised)", async () => {
    const page = await student.page("/home/settings");
    expect(page.status).toBe(404);
    expect(text(page.html)).toContain("We couldn't find that page.");
    expect(page.html).not.toContain("Mail outbox");
  });
});

describe("a logged-out visitor", () => {
  it("is sent to log in and back to the page they asked for", async () => {
    const visitor = new BrowserClient(server.url);
    for (const path of ["/my/account", "/home/courses/1?tab=curriculum"]) {
      const response = await visitor.raw(path, { headers: { accept: "text/html" } });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(`/login?next=${encodeURIComponent(path)}`);
    }
  });
});

// Last: this breaks the database on purpose to get a real, unexpected failure (no test-only code path).
describe("an unexpected failure", () => {
  it("answers 500 with the localized page, no internals, and one error log line with the request's details", async () => {
    await sql`ALTER TABLE courses RENAME TO courses_broken`.execute(server.handle.db);
    let page: { status: number; html: string };
    try {
      page = await admin.page("/home/courses?token=kept-out-of-logs");
    } finally {
      await sql`ALTER TABLE courses_broken RENAME TO courses`.execute(server.handle.db);
    }
    expect(page.status).toBe(500);
    expect(page.html).toContain("Something went wrong");
    expect(page.html).toContain("Mail outbox"); // still inside the admin area's frame
    expect(page.html).not.toMatch(/no such table|does not exist|courses_broken|SqliteError|node_modules|\.ts:\d+/i);

    const failures = await waitFor(() => {
      const lines = server.logs.filter((line) => line.msg === "page failed");
      return lines.length ? lines : undefined;
    });
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ level: 50, method: "GET", path: "/home/courses" });
    expect(JSON.stringify(failures[0])).toMatch(/courses/);
    expect(JSON.stringify(failures[0])).not.toContain("kept-out-of-logs");
    // Through the request's logger (with its request id), not printed a second time elsewhere.
    expect(failures[0]!.reqId).toBeTruthy();
    const printed = server
      .output()
      .split("\n")
      .filter((line) => /no such table: courses|relation \\?"courses\\?" does not exist/.test(line));
    expect(printed).toHaveLength(1);
  });

  it("is not logged for a 404", async () => {
    const before = server.logs.filter((line) => line.level >= 50).length;
    expect((await admin.page("/home/courses/999998")).status).toBe(404);
    expect((await student.page("/home/jobs")).status).toBe(404);
    expect(server.logs.filter((line) => line.level >= 50).length).toBe(before);
  });
});

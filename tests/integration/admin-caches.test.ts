// /home/caches on a real server: the owner sees every declared cache (name, tables, maximum age, entries, hit
// rate) as this process holds it, in English and in Polish; a student gets 404, a visitor is sent to log in.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserClient } from "../helpers/browser-client.ts";
import { registerStudent, setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;
let admin: BrowserClient;
let student: BrowserClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = await setUpSchool(server, { language: "en" });
  student = await registerStudent(server, { name: "Cara Cache", email: "cara@example.com", password: "cara-secret-1" });
});
afterAll(() => server?.stop());

/** The row of one cache on the page, as text without tags. */
function rowOf(html: string, name: string): string {
  const match = new RegExp(`<tr[^>]*data-cache="${name}"[^>]*>([\\s\\S]*?)</tr>`).exec(html);
  expect(match, `a row for the ${name} cache`).not.toBeNull();
  return match![1]!
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

describe("admin caches page", () => {
  it("lists each cache with its tables, maximum age, entries and hit rate", async () => {
    // Two pages in a row: the second request finds the owner's session and the school in memory.
    await admin.page("/home");
    const page = await admin.page("/home/caches");
    expect(page.status).toBe(200);
    expect(page.html).toContain("<h1");
    expect(page.html).toContain("Caches");
    const sessions = rowOf(page.html, "sessions");
    expect(sessions).toContain("sessions, users");
    expect(sessions).toContain("1 sec");
    expect(sessions).toMatch(/\b1 of 10,000\b/);
    expect(sessions).toMatch(/\d+(\.\d)?% of \d+ requests?/);
    const school = rowOf(page.html, "school");
    expect(school).toContain("2 sec");
    for (const name of [
      "comment-places",
      "course-access",
      "search-index",
      "transaction-products",
      "watchable-lectures",
    ])
      rowOf(page.html, name);
  });

  it("speaks Polish in a Polish school", async () => {
    const settings = { name: "Szkoła", currency: "PLN", login_enabled: true, registration_enabled: true };
    expect((await admin.json("PUT", "/home/settings", { ...settings, language: "pl" })).status).toBe(200);
    const page = await admin.page("/home/caches");
    expect(page.status).toBe(200);
    expect(page.html).toContain("Pamięć podręczna");
    expect(rowOf(page.html, "school")).toContain("2 s");
    expect((await admin.json("PUT", "/home/settings", { ...settings, language: "en" })).status).toBe(200);
  });

  it("is for admins only: a student gets 404, a visitor is sent to log in", async () => {
    expect((await student.page("/home/caches")).status).toBe(404);
    const visitor = new BrowserClient(server.url);
    const response = await visitor.raw("/home/caches", { headers: { accept: "text/html" } });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login?next=%2Fhome%2Fcaches");
  });
});

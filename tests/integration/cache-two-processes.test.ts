// Two server processes on one database (a SQLite file, or PostgreSQL with TEST_DATABASE_URL), as with
// WEB_CONCURRENCY > 1 or several machines: a change made through one process reaches the other's in-memory
// caches within the cache's documented maximum age (platform/cache/cache.ts), although the write watcher of
// the other process never sees it. Each case first makes the second process hold the old value (its cache is
// warm), then changes it through the first, then measures how long the second keeps answering the old value.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_AGE_MS as SESSION_MAX_AGE_MS } from "#core/accounts/sessions.ts";
import { MAX_AGE_MS as SCHOOL_MAX_AGE_MS } from "#core/school/get-school.ts";
import { VERSION_MEMO_MS } from "#server/plugins/page-cache.ts";
import { changeSettings, englishSchool } from "../helpers/accounts.ts";
import { BrowserClient } from "../helpers/browser-client.ts";
import { setUpSchool } from "../helpers/school.ts";
import { createTestDatabase } from "../helpers/test-database.ts";
import { startTestServer, waitFor, type TestServer } from "../helpers/test-server.ts";
import { addCourse } from "./catalog-helpers.ts";

let first: TestServer;
let second: TestServer;
let admin: BrowserClient;

// Time for the requests themselves on a loaded test machine: the bound checked is the maximum age plus this.
const REQUEST_SLACK_MS = 1000;

beforeAll(async () => {
  const database = await createTestDatabase();
  first = await startTestServer({}, { database });
  // The database is dropped once, by the first server.
  second = await startTestServer({}, { database: { ...database, drop: async () => {} } });
  admin = await setUpSchool(first, { language: "en" });
});
afterAll(async () => {
  await second?.stop();
  await first?.stop();
});

/** The same browser (its cookies) speaking to the other process. */
function sameBrowserOn(server: TestServer, client: BrowserClient): BrowserClient {
  const copy = new BrowserClient(server.url);
  for (const [name, value] of client.cookies) copy.cookies.set(name, value);
  copy.csrfToken = client.csrfToken;
  return copy;
}

/** Polls `check` until it holds; the time from `since` until then. */
async function msUntil(since: number, check: () => Promise<boolean>): Promise<number> {
  await waitFor(check, { timeoutMs: 10_000, intervalMs: 20 });
  return Date.now() - since;
}

describe("caches across two processes", () => {
  it("a logout through one process ends the session on the other within the session cache's maximum age", async () => {
    const client = new BrowserClient(first.url);
    await client.page("/login");
    expect((await client.post("/login", { email: "owner@example.com", password: "owner-secret" })).status).toBe(200);
    const other = sameBrowserOn(second, client);
    // Warm: the second process has looked the session up.
    expect((await other.page("/home")).status).toBe(200);
    expect((await other.page("/home")).status).toBe(200);

    const before = Date.now();
    expect((await client.post("/logout", {})).status).toBeLessThan(400);
    const elapsed = await msUntil(before, async () => {
      const response = await other.raw("/home", { headers: { accept: "text/html" } });
      return response.status === 302;
    });
    expect(elapsed).toBeLessThanOrEqual(SESSION_MAX_AGE_MS + REQUEST_SLACK_MS);
  });

  it("a school settings change through one process shows on the other within the school cache's maximum age", async () => {
    const visitor = new BrowserClient(second.url);
    expect((await visitor.page("/login")).html).toContain("Test Academy");

    const before = Date.now();
    await changeSettings(admin, englishSchool, { name: "Renamed Academy" });
    const elapsed = await msUntil(before, async () => (await visitor.page("/login")).html.includes("Renamed Academy"));
    expect(elapsed).toBeLessThanOrEqual(SCHOOL_MAX_AGE_MS + REQUEST_SLACK_MS);
  });

  it("a course change through one process renews the other's cached sales page within the page cache's bound", async () => {
    const courseId = await addCourse(first, { slug: "two-processes", title: "Original title" });
    const anonymous = () => new BrowserClient(second.url).page("/two-processes");
    // Warm: the second process answers the page from its cache.
    await waitFor(async () => {
      const page = await anonymous();
      return page.headers.get("x-page-cache") === "hit" && page.html.includes("Original title");
    });

    const before = Date.now();
    const changed = await admin.json("PUT", `/home/courses/${courseId}`, { title: "Changed title" });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const elapsed = await msUntil(before, async () => (await anonymous()).html.includes("Changed title"));
    expect(elapsed).toBeLessThanOrEqual(VERSION_MEMO_MS + REQUEST_SLACK_MS);
  });
});

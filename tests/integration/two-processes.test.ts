// Two server processes on one database (one SQLite file, or one PostgreSQL database with TEST_DATABASE_URL), as
// behind a load balancer: what one process changes, the other sees within the documented maximum age of its
// in-process caches (docs/architecture.md); a session made on one works on the other, and ends on both; login
// throttling counts the attempts made through both; jobs queued through either are run once. (One file with
// one pair of servers: the cache cases of the former cache-two-processes.test.ts are these, with their bounds
// read from the caches' own constants.)
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_AGE_MS as SESSION_MAX_AGE_MS } from "#core/accounts/sessions.ts";
import { MAX_AGE_MS as SCHOOL_MAX_AGE_MS } from "#core/school/get-school.ts";
import { VERSION_MEMO_MS as CATALOG_MAX_AGE_MS } from "#server/plugins/page-cache.ts";
import { changeSettings, englishSchool, logInAs, visitor, whoAmI } from "../helpers/accounts.ts";
import { BrowserClient } from "../helpers/browser-client.ts";
import { owner, registerStudent, setUpSchool } from "../helpers/school.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database.ts";
import { startTestServer, waitFor, type TestServer } from "../helpers/test-server.ts";
import { addCourse, bumpCatalog } from "./catalog-helpers.ts";

// The maximum ages documented in docs/architecture.md ("Performance notes", "Request flow"), as the caches declare
// them: the session lookup of read-only requests (1 s), the school row (2 s), the catalog cache version behind
// the page cache (1 s).
// A polled request under load takes a while itself: the bound is the maximum age and this much more.
const REQUEST_SLACK_MS = 1500;

let database: TestDatabase | undefined;
let a: TestServer;
let b: TestServer;
let adminOnA: BrowserClient;

beforeAll(async () => {
  database = await createTestDatabase();
  // Started side by side. The second server must not drop the database when it stops: the first one does.
  const [first, second] = await Promise.allSettled([
    startTestServer({}, { database }),
    startTestServer({}, { database: { ...database, drop: async () => {} } }),
  ]);
  if (first.status === "fulfilled") a = first.value;
  if (second.status === "fulfilled") b = second.value;
  for (const started of [first, second]) if (started.status === "rejected") throw started.reason;
  adminOnA = await setUpSchool(a);
});
afterAll(async () => {
  await b?.stop();
  // The first server drops the database when it stops; if it never started, the database is dropped here.
  if (a) await a.stop();
  else await database?.drop();
});

/** The same browser (its cookies and CSRF token), talking to the other server. */
function sameBrowserOn(server: TestServer, client: BrowserClient): BrowserClient {
  const moved = new BrowserClient(server.url);
  for (const [name, value] of client.cookies) moved.cookies.set(name, value);
  moved.csrfToken = client.csrfToken;
  return moved;
}

/** Polls until the check holds, for at most the maximum age (plus a request's time). */
function withinMaxAge<T>(maxAgeMs: number, check: () => Promise<T>) {
  return waitFor(check, { timeoutMs: maxAgeMs + REQUEST_SLACK_MS });
}

describe("two server processes on one database", () => {
  it("both run the job worker", () => {
    for (const server of [a, b]) expect(server.logs.some((line) => line.msg === "job worker started")).toBe(true);
  });

  it("a session made on one works on the other; a profile change and a logout on one reach the other", async () => {
    const student = { name: "Sara Student", email: "sara@example.com", password: "sara-secret-1" };
    await registerStudent(a, student);
    const onA = await logInAs(a, student.email, student.password);
    const onB = sameBrowserOn(b, onA);
    // B now keeps the session's lookup for read-only requests.
    expect((await whoAmI(onB)).body.user.name).toBe("Sara Student");

    expect((await onA.json("PUT", "/my/account", { name: "Sara Renamed" })).status).toBe(200);
    await withinMaxAge(SESSION_MAX_AGE_MS, async () => (await whoAmI(onB)).body.user?.name === "Sara Renamed");

    // A change made on B (a write reads the session table itself) is accepted with the session from A.
    expect((await onB.json("PUT", "/my/account", { name: "Sara Again" })).status).toBe(200);
    expect((await whoAmI(onA)).body.user.name).toBe("Sara Again");

    expect((await onA.post("/logout")).status).toBe(200);
    // A write never uses the kept lookup: refused on B at once.
    expect((await onB.json("PUT", "/my/account", { name: "Too Late" })).status).toBe(419);
    await withinMaxAge(SESSION_MAX_AGE_MS, async () => (await whoAmI(onB)).status === 401);
  });

  it("a password changed on one ends the other sessions on the other", async () => {
    const student = { name: "Piotr Student", email: "piotr@example.com", password: "piotr-secret-1" };
    await registerStudent(b, student);
    const phone = sameBrowserOn(b, await logInAs(a, student.email, student.password));
    const laptop = await logInAs(a, student.email, student.password);
    expect((await whoAmI(phone)).status).toBe(200);

    const changed = await laptop.post("/my/account/password", {
      current_password: student.password,
      password: "piotr-secret-2",
      password_confirmation: "piotr-secret-2",
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    await withinMaxAge(SESSION_MAX_AGE_MS, async () => (await whoAmI(phone)).status === 401);
    expect((await whoAmI(laptop)).status).toBe(200);
  });

  it("a school's name changed on one is on the other's pages within the school's maximum age", async () => {
    const page = async () => (await visitor(b)).page("/login");
    expect((await page()).html).toContain("Test Academy");
    await changeSettings(adminOnA, englishSchool, { name: "Renamed Academy" });
    await withinMaxAge(SCHOOL_MAX_AGE_MS, async () => (await page()).html.includes("Renamed Academy"));
    await changeSettings(adminOnA, { ...englishSchool, name: "Renamed Academy" }, { name: "Test Academy" });
  });

  it("a course title changed on one leaves the other's page cache within the catalog version's maximum age", async () => {
    const courseId = await addCourse(a, { slug: "shared-course", title: "Shared course" });
    await bumpCatalog(a);
    const anonymous = () => new BrowserClient(b.url).page("/shared-course");
    // B keeps the sales page in its page cache.
    await waitFor(async () => {
      const page = await anonymous();
      return page.headers.get("x-page-cache") === "hit" && page.html.includes("Shared course");
    });

    const renamed = await adminOnA.json("PUT", `/home/courses/${courseId}`, { title: "Renamed course" });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    await withinMaxAge(CATALOG_MAX_AGE_MS, async () => (await anonymous()).html.includes("Renamed course"));
  });

  it("a course description edited on one is rendered anew on the other's next page (markdown is kept per text)", async () => {
    const courseId = await addCourse(a, {
      slug: "markdown-course",
      title: "Markdown course",
      description: "First **version**.",
    });
    // Logged in, so the sales page is rendered for each request (no page cache); B keeps the text's HTML.
    const adminOnB = sameBrowserOn(b, adminOnA);
    const before = await adminOnB.page("/markdown-course");
    expect(before.html).toContain("First <strong>version</strong>.");

    const edited = await adminOnA.json("PUT", `/home/courses/${courseId}`, {
      description: "Second _version_ <script>alert(1)</script>.",
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    // At once, not within some maximum age: the edited text is a new key; its raw HTML is still dropped.
    const after = await adminOnB.page("/markdown-course");
    expect(after.html).toContain("Second <em>version</em>");
    expect(after.html).not.toContain("First <strong>version</strong>");
    expect(after.html).not.toContain("<script>alert(1)</script>");
  });

  it("counts failed logins made through both processes together", async () => {
    // LOGIN_ATTEMPTS_PER_MINUTE (5) for one e-mail from one address: five failures, alternating.
    const guesses = [a, b, a, b, a].map((server) => ({ server, attempt: "wrong-password" }));
    for (const { server, attempt } of guesses) {
      const client = await visitor(server);
      expect((await client.post("/login", { email: owner.email, password: attempt })).status).toBe(422);
    }
    // The sixth is refused by either process, even with the right password.
    for (const server of [b, a]) {
      const client = await visitor(server);
      const refused = await client.post("/login", { email: owner.email, password: owner.password });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    }
  });

  it("runs each job queued through either process once", async () => {
    const students = Array.from({ length: 6 }, (_, i) => ({
      name: `Reader ${i}`,
      email: `reader${i}@example.com`,
      password: `reader-secret-${i}`,
    }));
    for (const [i, student] of students.entries()) await registerStudent(i % 2 ? a : b, student);
    // Each asks for a reset link through one process or the other: one 'mail.password_reset' job each.
    for (const [i, student] of students.entries()) {
      const client = await visitor(i % 2 ? b : a, "/forgot-password");
      expect((await client.post("/forgot-password", { email: student.email })).status).toBe(200);
    }
    const emails = students.map((student) => student.email);
    const jobs = await waitFor(async () => {
      const rows = await a.handle.db
        .selectFrom("jobs")
        .select(["payload", "status", "attempts"])
        .where("type", "=", "mail.password_reset")
        .execute();
      const mine = rows.filter((row) => emails.includes((JSON.parse(row.payload) as { to: string }).to));
      return mine.length === students.length && mine.every((row) => row.status === "done") ? mine : undefined;
    });
    expect(jobs.map((job) => job.attempts)).toEqual(students.map(() => 1));
    const mails = await a.handle.db
      .selectFrom("mails")
      .select("to_address")
      .where("to_address", "in", emails)
      .execute();
    expect(mails.map((mail) => mail.to_address).sort()).toEqual([...emails].sort());
  });
});

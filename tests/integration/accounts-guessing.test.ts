// Password guessing against the real server (SECURITY.md "Accounts and sessions", figure 7): attempts are
// counted before the password is hashed, so parallel guesses cannot slip past the limit; one account has a
// ceiling whatever the address; the current-password check of the settings is throttled like a login; every
// attempt is logged with the address and a tag of the e-mail, never the e-mail. Addresses vary through
// X-Forwarded-For, which the server believes with TRUST_PROXY=true ("trust the proxy", whatever form that
// setting takes for a list of proxies).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { logInAs, requestResetToken, whoAmI } from "../helpers/accounts.ts";
import { BrowserClient, type JsonResponse } from "../helpers/browser-client.ts";
import { registerStudent, setUpSchool } from "../helpers/school.ts";
import { type LogLine, startTestServer, type TestServer, waitFor } from "../helpers/test-server.ts";

let server: TestServer;
// The defaults (platform/config.ts), written out: the figures below follow from them.
const PER_ACCOUNT_AND_ADDRESS_PER_MINUTE = 5;
const PER_ACCOUNT_PER_HOUR = 30;

beforeAll(async () => {
  server = await startTestServer({
    TRUST_PROXY: "true",
    LOGIN_ATTEMPTS_PER_MINUTE: String(PER_ACCOUNT_AND_ADDRESS_PER_MINUTE),
    LOGIN_ATTEMPTS_PER_ACCOUNT_PER_HOUR: String(PER_ACCOUNT_PER_HOUR),
  });
  await setUpSchool(server, { language: "en" });
});
afterAll(() => server?.stop());

const throttledMessage = /^Too many login attempts\. Please try again in (\d+) seconds\.$/;

/** A browser at one address (X-Forwarded-For), holding the login page's CSRF token. */
async function browserAt(ip: string): Promise<BrowserClient> {
  const client = new BrowserClient(server.url);
  await client.raw("/login", { headers: { accept: "text/html", "x-forwarded-for": ip } }).then(async (response) => {
    const token = /<meta name="csrf-token" content="([^"]*)"/.exec(await response.text())?.[1];
    client.csrfToken = token ?? "";
  });
  return client;
}

function logIn(client: BrowserClient, ip: string, email: string, password: string) {
  return client.post("/login", { email, password }, { headers: { "x-forwarded-for": ip } });
}

/** Runs the tasks with at most `limit` in flight, keeping their order in the answers. */
async function bounded<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < tasks.length) {
        const index = next++;
        results[index] = await tasks[index]!();
      }
    }),
  );
  return results;
}

function count(responses: JsonResponse[], status: number) {
  return responses.filter((response) => response.status === status).length;
}

function expectThrottled(response: JsonResponse) {
  expect(response.status).toBe(429);
  const seconds = Number(response.headers.get("retry-after"));
  expect(seconds).toBeGreaterThan(0);
  expect(response.body.message).toMatch(throttledMessage);
  expect(Number(throttledMessage.exec(response.body.message)![1])).toBe(seconds);
}

const loginEvents = (lines: LogLine[]) => lines.filter((l) => l.msg === "login failed" || l.msg === "login throttled");

let counter = 0;
async function newStudent() {
  counter += 1;
  const student = { name: `Guessed ${counter}`, email: `guessed${counter}@example.com`, password: "the-real-secret" };
  await registerStudent(server, student);
  return student;
}

describe("parallel guesses from one address", () => {
  it("checks only the allowed number of passwords; the right one after them is refused too", async () => {
    const student = await newStudent();
    const ip = "198.51.100.7";
    const client = await browserAt(ip);
    const guesses = await Promise.all(
      Array.from({ length: 99 }, (_, i) => logIn(client, ip, student.email, `wrong-${i}`)),
    );
    expect(count(guesses, 422)).toBe(PER_ACCOUNT_AND_ADDRESS_PER_MINUTE);
    expect(count(guesses, 429)).toBe(99 - PER_ACCOUNT_AND_ADDRESS_PER_MINUTE);
    expectThrottled((await logIn(client, ip, student.email, student.password))!);
  });
});

describe("the current password in the account settings", () => {
  it("is throttled like a login: parallel guesses are counted first, then even the right one is refused", async () => {
    const student = await newStudent();
    const client = await logInAs(server, student.email, student.password);
    const guesses = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        client.post("/my/account/password", {
          current_password: `wrong-${i}`,
          password: "taken-over",
          password_confirmation: "taken-over",
        }),
      ),
    );
    expect(count(guesses, 422)).toBe(PER_ACCOUNT_AND_ADDRESS_PER_MINUTE);
    expect(count(guesses, 429)).toBe(60 - PER_ACCOUNT_AND_ADDRESS_PER_MINUTE);
    const right = await client.post("/my/account/email", {
      email: "taken@example.com",
      current_password: student.password,
    });
    expectThrottled(right);
    expect((await whoAmI(client)).body.user.email).toBe(student.email);
  });
});

describe("the log of a failed login", () => {
  it("names the address and a tag of the account, never the e-mail or the password", async () => {
    const student = await newStudent();
    const ip = "203.0.113.9";
    const before = server.logs.length;
    expect((await logIn(await browserAt(ip), ip, student.email, "not-the-secret")).status).toBe(422);
    const [event] = await waitFor(() => {
      const found = loginEvents(server.logs.slice(before));
      return found.length ? found : null;
    });
    expect(event).toMatchObject({ msg: "login failed", ip });
    expect(event!.account).toMatch(/^[\w-]{16}$/);
    expect(JSON.stringify(event)).not.toContain(student.email);
    expect(JSON.stringify(event)).not.toContain("not-the-secret");
  });
});

// Figure 7: 1,000 wrong passwords against one account from 200 addresses, sequential and parallel.
describe("1,000 wrong passwords from 200 addresses", () => {
  const addresses = Array.from({ length: 200 }, (_, i) => `10.7.${Math.floor(i / 250)}.${(i % 250) + 1}`);
  let browsers: BrowserClient[];

  beforeAll(async () => {
    browsers = await bounded(
      addresses.map((ip) => () => browserAt(ip)),
      8,
    );
  });

  async function attack(email: string, concurrency: number) {
    const before = server.logs.length;
    const answers = await bounded(
      Array.from({ length: 1000 }, (_, i) => () => logIn(browsers[i % 200]!, addresses[i % 200]!, email, `guess-${i}`)),
      concurrency,
    );
    // Every attempt has its log event (the last lines may still be on their way).
    const events = await waitFor(() => {
      const found = loginEvents(server.logs.slice(before)).filter((event) => addresses.includes(String(event.ip)));
      return found.length >= 1000 ? found : null;
    });
    return { answers, events };
  }

  function expectFigure({ answers, events }: Awaited<ReturnType<typeof attack>>, email: string) {
    // Only the per-account ceiling's worth of guesses reached the password check; everything else was 429.
    expect(count(answers, 422)).toBe(PER_ACCOUNT_PER_HOUR);
    expect(count(answers, 429)).toBe(1000 - PER_ACCOUNT_PER_HOUR);
    for (const answer of answers.filter((a) => a.status === 429)) expectThrottled(answer);
    // Each address stayed under its own per-minute limit: it is the account's ceiling that holds.
    expect(events.length).toBe(1000);
    expect(events.filter((e) => e.msg === "login failed").length).toBe(PER_ACCOUNT_PER_HOUR);
    expect(events.filter((e) => e.msg === "login throttled").length).toBe(1000 - PER_ACCOUNT_PER_HOUR);
    expect(new Set(events.filter((e) => e.msg === "login throttled").map((e) => e.limit))).toEqual(
      new Set(["perAccount"]),
    );
    expect(new Set(events.map((e) => e.ip)).size).toBe(200);
    expect(new Set(events.map((e) => e.account)).size).toBe(1);
    expect(JSON.stringify(events)).not.toContain(email);
  }

  async function ownerGetsBackIn(student: { email: string; password: string }) {
    const home = "192.0.2.50";
    // The owner is slowed down too while the attack lasts ...
    expectThrottled(await logIn(await browserAt(home), home, student.email, student.password));
    // ... but can always reset the password by e-mail, which logs them in and clears the account's counts.
    const token = await requestResetToken(server, student.email);
    const resetter = await browserAt(home);
    const reset = await resetter.post(
      "/reset-password",
      { token, password: "after-the-attack", password_confirmation: "after-the-attack" },
      { headers: { "x-forwarded-for": home } },
    );
    expect(reset.status).toBe(200);
    expect((await whoAmI(resetter)).status).toBe(200);
    expect((await logIn(await browserAt(home), home, student.email, "after-the-attack")).status).toBe(200);
  }

  it("one after another: throttled, the owner can still reset and log in, every attempt logged", async () => {
    const student = await newStudent();
    const outcome = await attack(student.email, 1);
    expectFigure(outcome, student.email);
    await ownerGetsBackIn(student);
  });

  it("24 at a time: the same figures (the count is taken before the hash, atomically)", async () => {
    const student = await newStudent();
    const outcome = await attack(student.email, 24);
    expectFigure(outcome, student.email);
    await ownerGetsBackIn(student);
  });
});

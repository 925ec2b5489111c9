// Playwright fixtures for Studium's end-to-end specs.
// - `server`: the real server (node server/main.ts) on a fresh database. One per spec file: the tests of a file
//   share it, the next file gets a new one. (A worker that failed a test is replaced, and its replacement starts
//   a new server, so tests arrange what they need instead of relying on the tests before them.)
// - `baseURL` points at that server, so `page.goto("/login")` works.
// - `schoolEn` / `schoolPl`: the school set up (once per server) through the real API, as on /setup.
// - `page` / `newPage()`: any console error or uncaught page error in the browser fails the test.
// Helpers: `login`, `gotoHydrated`, `waitForHydration`, `expectAccessible`.
import fs from "node:fs";
import { createRequire } from "node:module";
import AxeBuilder from "@axe-core/playwright";
import { type BrowserContext, type Page, test as base, expect } from "@playwright/test";
import { rememberSecret } from "#tests/helpers/log-scan.ts";
import { owner, setUpSchool } from "#tests/helpers/school.ts";
import { startTestServer, type TestServer } from "#tests/helpers/test-server.ts";

export { expect };
export { owner };

export type School = { name: string; language: "en" | "pl"; owner: typeof owner };

type FileServers = { forFile(file: string): Promise<TestServer> };

type TestFixtures = {
  server: TestServer;
  schoolEn: School;
  schoolPl: School;
  /** A page in a new browser context (another visitor), watched for errors like `page`. */
  newPage: (options?: { viewport?: { width: number; height: number } }) => Promise<Page>;
};

type WorkerFixtures = {
  fileServers: FileServers;
  /** extra environment of the spec file's server (`test.use({ serverEnv })` at the file's top) */
  serverEnv: Record<string, string>;
};

// ---------------------------------------------------------------------------------------------------------------
// Browser errors

// The HTTP contract answers 4xx on purpose (419, 422, 429, 404): Chromium reports each of those responses as a
// console error 'Failed to load resource: the server responded with a status of 4xx'. Those are expected; a 5xx
// or any other console error is not.
const expectedConsoleErrors = [/^Failed to load resource: the server responded with a status of 4\d\d\b/];

function watchForBrowserErrors(context: BrowserContext): string[] {
  const problems: string[] = [];
  context.on("console", (message) => {
    if (message.type() !== "error") return;
    const text = message.text();
    if (expectedConsoleErrors.some((pattern) => pattern.test(text))) return;
    const { url, lineNumber } = message.location();
    problems.push(`console.error: ${text}${url ? `\n    at ${url}:${lineNumber}` : ""}`);
  });
  // A page's own files must load: a missing script means no hydration, and the console message alone would be
  // taken for one of the expected 4xx above.
  context.on("response", (response) => {
    const type = response.request().resourceType();
    if (response.status() >= 400 && ["script", "stylesheet", "font", "image", "manifest"].includes(type)) {
      problems.push(`${type} failed to load: ${response.status()} ${response.url()}`);
    }
  });
  context.on("weberror", (webError) => {
    const error = webError.error();
    problems.push(`page error: ${error.stack ?? error.message}`);
  });
  return problems;
}

function failOnBrowserErrors(problems: string[]) {
  if (problems.length) throw new Error(`The browser reported errors:\n${problems.join("\n")}`);
}

// ---------------------------------------------------------------------------------------------------------------
// Schools

const schools = new WeakMap<TestServer, Promise<School>>();

function schoolOn(server: TestServer, language: "en" | "pl"): Promise<School> {
  let school = schools.get(server);
  if (!school) {
    school = setUpSchool(server, { language }).then(() => ({
      name: language === "pl" ? "Akademia Testowa" : "Test Academy",
      language,
      owner,
    }));
    schools.set(server, school);
  }
  return school.then((ready) => {
    if (ready.language !== language) throw new Error(`This spec file's school is already set up in ${ready.language}.`);
    return ready;
  });
}

// ---------------------------------------------------------------------------------------------------------------

export const test = base.extend<TestFixtures, WorkerFixtures>({
  serverEnv: [{}, { option: true, scope: "worker" }],

  fileServers: [
    async ({ serverEnv }, use) => {
      let current: { file: string; server: Promise<TestServer> } | undefined;
      async function stopCurrent() {
        const previous = current;
        current = undefined;
        const server = await previous?.server.catch(() => undefined);
        await server?.stop();
      }
      await use({
        async forFile(file) {
          if (current?.file !== file) {
            await stopCurrent();
            current = { file, server: startTestServer(serverEnv) };
          }
          return current.server;
        },
      });
      await stopCurrent();
    },
    { scope: "worker", timeout: 60_000 },
  ],

  server: async ({ fileServers }, use, testInfo) => {
    const server = await fileServers.forFile(testInfo.file);
    const logsBefore = server.logs.length;
    await use(server);
    if (testInfo.status !== testInfo.expectedStatus) {
      const lines = server.logs.slice(logsBefore);
      const errors = lines.filter((line) => line.level >= 50);
      // CI keeps only the console: the test's refused or failed answers and warnings go there too.
      const noteworthy = lines.filter(
        (line) => line.level >= 40 || Number((line.res as { statusCode?: number } | undefined)?.statusCode) >= 400,
      );
      if (noteworthy.length)
        console.error(
          `server log of '${testInfo.title}':\n${noteworthy.map((line) => JSON.stringify(line)).join("\n")}`,
        );
      if (errors.length) {
        await testInfo.attach("server-errors.json", {
          body: JSON.stringify(errors, null, 2),
          contentType: "application/json",
        });
      }
    }
  },

  baseURL: async ({ server }, use) => {
    await use(server.url);
  },

  context: async ({ context }, use) => {
    const problems = watchForBrowserErrors(context);
    await use(context);
    // The browser's session ids, for the log scan after the suite (tests/helpers/log-scan.ts).
    for (const cookie of await context.cookies()) if (/session/i.test(cookie.name)) rememberSecret(cookie.value);
    failOnBrowserErrors(problems);
  },

  newPage: async ({ browser, baseURL }, use) => {
    const opened: { context: BrowserContext; problems: string[] }[] = [];
    await use(async (options = {}) => {
      const context = await browser.newContext({ baseURL, viewport: options.viewport ?? { width: 1280, height: 800 } });
      opened.push({ context, problems: watchForBrowserErrors(context) });
      return context.newPage();
    });
    for (const { context } of opened) await context.close();
    failOnBrowserErrors(opened.flatMap(({ problems }) => problems));
  },

  schoolEn: async ({ server }, use) => {
    await use(await schoolOn(server, "en"));
  },

  schoolPl: async ({ server }, use) => {
    await use(await schoolOn(server, "pl"));
  },
});

// ---------------------------------------------------------------------------------------------------------------
// Helpers

/**
 * The language and width pairs a flow is walked in: each language once and each width once, Polish on the phone
 * (its longer words are the ones that wrap). Not the four-way cross product: docs/decisions/0035.
 */
export const walks = [
  { language: "en", width: 1280 },
  { language: "pl", width: 390 },
] as const;

const hydrated = 'html[data-hydrated="true"]';

/** Waits until React has hydrated the current document (clicks before that would be lost). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator(hydrated).waitFor({ state: "attached" });
}

/** Opens a page and waits for hydration; returns the document's response. */
export async function gotoHydrated(page: Page, url: string) {
  const response = await page.goto(url);
  await waitForHydration(page);
  return response;
}

/** Logs in through the /login form (English or Polish) and waits for the page it leads to. */
export async function login(page: Page, email: string, password: string): Promise<void> {
  await gotoHydrated(page, "/login");
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel(/^(Password|Hasło)$/).fill(password);
  await page.getByRole("button", { name: /^(Log in|Zaloguj się)$/ }).click();
  await page.waitForURL((url) => url.pathname !== "/login");
  await waitForHydration(page);
}

const axeTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
// axe-core's own build, read once per worker: put into a document once and reused by every check on it.
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
type AxeViolations = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"];

/**
 * Runs axe (WCAG 2.0/2.1 A and AA) on the page as it is now; any violation fails the test, listed readably.
 * A page without frames gets axe once per document and keeps only violations (AxeBuilder injects the 500 KB
 * script again at every call and collects every passing node too: ~1.5 s a call against ~0.2 s; the same rules
 * and the same violations). A page with frames goes through AxeBuilder, which checks inside each frame.
 */
export async function expectAccessible(page: Page): Promise<void> {
  await settleAnimations(page);
  const violations: AxeViolations =
    page.frames().length > 1
      ? (await new AxeBuilder({ page }).withTags(axeTags).analyze()).violations
      : await runAxeInPage(page);
  const report = violations
    .map((violation) => {
      const nodes = violation.nodes
        .map(
          (node) => `    - ${node.target.join(" ")}\n      ${(node.failureSummary ?? "").replace(/\n/g, "\n      ")}`,
        )
        .join("\n");
      return `[${violation.impact ?? "?"}] ${violation.id}: ${violation.help}\n  ${violation.helpUrl}\n${nodes}`;
    })
    .join("\n\n");
  expect(
    violations.map((violation) => violation.id),
    `Accessibility violations on ${page.url()}:\n\n${report}`,
  ).toEqual([]);
}

/**
 * Lets finite CSS transitions and animations end first: colours are checked as they settle, not halfway through a
 * button's fade back from its disabled look (a spinner's endless animation is not waited for).
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

async function runAxeInPage(page: Page): Promise<AxeViolations> {
  // page.evaluate runs through the DevTools protocol, so the page's CSP (no eval) does not apply to it.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  return page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: [] }> } }).axe
        .run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"], iframes: false })
        .then((results) => results.violations),
    axeTags,
  );
}

let counter = 0;
/** A student identity nobody has used yet on this server. */
export function newStudent(name = "Stefan Student") {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}${process.pid}`;
  return { name, email: `student-${id}@example.com`, password: `student-secret-${counter}` };
}

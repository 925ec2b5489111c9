// End-to-end tests: the real server (one per spec file, on a fresh database) driven through Debian's
// Chromium. No browser is ever downloaded: the browser is Debian's chromium-headless-shell when installed (the same
// Blink and V8 without the desktop browser's UI processes: ~25% less CPU for the same specs, decision 0040), else
// /usr/bin/chromium; E2E_BROWSER names another binary.
import fs from "node:fs";
import path from "node:path";
import { defineConfig } from "@playwright/test";

const root = path.resolve(import.meta.dirname, "../..");
// Chromium reads file names (uploads, downloads) in the locale's encoding: without one (a bare CI environment) it
// falls back to ASCII and non-ASCII file names break. UTF-8 as a desktop has it.
process.env.LANG ||= "C.UTF-8";
process.env.LC_ALL ||= "C.UTF-8";
const resultsDir = path.join(root, "test-results");

const browser =
  process.env.E2E_BROWSER ||
  (fs.existsSync("/usr/bin/chromium-headless-shell") ? "/usr/bin/chromium-headless-shell" : "/usr/bin/chromium");

// The longest spec files start first: two workers take files in order, and a long file taken last keeps one
// worker busy alone at the end while the other waits (longest-processing-time-first scheduling). Measured per file
// in bench/README.md ("The test suite's own time").
const longestFirst = [
  "xss-corpus.spec.ts",
  "catalog.spec.ts",
  "authoring.spec.ts",
  "discussion.spec.ts",
  "watch.spec.ts",
  "surveys.spec.ts",
  "pages.spec.ts",
];

// Specs that need what only the full browser has: the sample specs check that a lecture's PDF opens in the
// browser's own PDF viewer, which the headless shell lacks (it shows the download link instead, as a phone does).
const fullBrowserSpecs = ["sample.spec.ts", "sample-polish.spec.ts"];

const launchArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export default defineConfig({
  testDir: "./specs",
  globalSetup: "./global-setup.ts",
  // Each worker runs a server process and a browser: two fit the machine's two cores.
  workers: 2,
  fullyParallel: false,
  // One project per long file, in the order above (Playwright queues projects in order, files alphabetically
  // within one), then every other file.
  projects: [
    ...longestFirst.map((file) => ({ name: file.replace(".spec.ts", ""), testMatch: file })),
    {
      name: "full-browser",
      testMatch: fullBrowserSpecs,
      use: { launchOptions: { executablePath: process.env.E2E_BROWSER || "/usr/bin/chromium", args: launchArgs } },
    },
    { name: "rest", testIgnore: [...longestFirst, ...fullBrowserSpecs] },
  ],
  // No retries: a flaky test is a defect to fix (wait for its condition), not something to hide behind a second run.
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 15_000 },
  outputDir: path.join(resultsDir, "e2e"),
  reporter: [
    ["list"],
    ["json", { outputFile: process.env.STUDIUM_E2E_JSON || path.join(resultsDir, "e2e-report.json") }],
  ],
  use: {
    viewport: { width: 1280, height: 800 },
    actionTimeout: 15_000,
    navigationTimeout: 15_000,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: { executablePath: browser, args: launchArgs },
  },
});

// The two test runners behind `npm test` (tests/run.ts) and `npm run test:e2e` (tests/e2e/run.ts): Vitest (unit
// and integration projects) and Playwright (end-to-end), each with a JSON report that the closing summary counts.
// With TEST_DATABASE_URL set, both run on PostgreSQL (the helpers switch on it; the environment is passed on).
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ensureBuild } from "#server/build.ts";
import { scanServerLogs } from "./log-scan.ts";

export const root = path.resolve(import.meta.dirname, "../..");
export const resultsDir = path.join(root, "test-results");

export type RunnerResult = {
  name: string;
  passed: number;
  failed: number;
  skipped: number;
  exitCode: number;
  seconds: number;
};

function bin(name: string): string {
  const file = path.join(root, "node_modules", ".bin", name);
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: run \`npm ci\` first.`);
  return file;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
    // Ctrl-C reaches the child through the terminal; let it finish its own clean-up.
    child.on("error", (error) => {
      console.error(error);
      resolve(1);
    });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function readJson(file: string): any {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

/** A runner that failed without counting a failed test (a crash, a failed set-up) still counts as one failure. */
function result(
  name: string,
  counts: Omit<RunnerResult, "name" | "exitCode" | "seconds">,
  exitCode: number,
  started: number,
): RunnerResult {
  const failed = exitCode !== 0 && counts.failed === 0 ? 1 : counts.failed;
  if (exitCode !== 0 && counts.failed === 0)
    console.error(`\n${name} exited with ${exitCode} without a failed test: counted as one failure.`);
  return { name, ...counts, failed, exitCode, seconds: Math.round((Date.now() - started) / 1000) };
}

export function header(title: string) {
  const line = "=".repeat(Math.max(60, title.length + 6));
  console.log(`\n${line}\n== ${title}\n${line}`);
}

/** The page build (both runners' servers need it); a failed build is reported as one failure. */
export function build(): RunnerResult {
  header("Build");
  const started = Date.now();
  try {
    ensureBuild();
    return {
      name: "Build",
      passed: 0,
      failed: 0,
      skipped: 0,
      exitCode: 0,
      seconds: Math.round((Date.now() - started) / 1000),
    };
  } catch (error) {
    console.error(error);
    return {
      name: "Build",
      passed: 0,
      failed: 1,
      skipped: 0,
      exitCode: 1,
      seconds: Math.round((Date.now() - started) / 1000),
    };
  }
}

export async function runVitest(args: string[] = []): Promise<RunnerResult> {
  const report = path.join(resultsDir, "vitest-report.json");
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.rmSync(report, { force: true });
  header(`Vitest: unit and integration (${databaseName()})`);
  const started = Date.now();
  const exitCode = await run(bin("vitest"), [
    "run",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${report}`,
    ...args,
  ]);
  const json = readJson(report);
  const counts = json
    ? {
        passed: json.numPassedTests ?? 0,
        // A test file that fails to load has no failed test of its own: count it.
        failed:
          (json.numFailedTests ?? 0) + Math.max(0, (json.numFailedTestSuites ?? 0) - countFilesWithFailedTests(json)),
        skipped: (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0),
      }
    : { passed: 0, failed: 0, skipped: 0 };
  return result("Vitest", counts, exitCode, started);
}

function countFilesWithFailedTests(json: any): number {
  return (json.testResults ?? []).filter((file: any) =>
    (file.assertionResults ?? []).some((t: any) => t.status === "failed"),
  ).length;
}

export async function runPlaywright(args: string[] = []): Promise<RunnerResult> {
  const report = path.join(resultsDir, "e2e-report.json");
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.rmSync(report, { force: true });
  header(`Playwright: end-to-end in Chromium (${databaseName()})`);
  const started = Date.now();
  const exitCode = await run(bin("playwright"), ["test", "-c", "tests/e2e/playwright.config.ts", ...args], {
    STUDIUM_E2E_JSON: report,
  });
  const json = readJson(report);
  const stats = json?.stats;
  const counts = stats
    ? {
        passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
        // Errors outside tests (global set-up, a file that fails to load) are failures too.
        failed: (stats.unexpected ?? 0) + (json.errors?.length ?? 0),
        skipped: stats.skipped ?? 0,
      }
    : { passed: 0, failed: 0, skipped: 0 };
  return result("Playwright", counts, exitCode, started);
}

function databaseName(): string {
  return process.env.TEST_DATABASE_URL ? "PostgreSQL" : "SQLite";
}

/**
 * SECURITY.md figure 14: the servers' kept logs hold none of the secrets the tests saw, no test card number and
 * no CVC field (tests/helpers/log-scan.ts). One passed test when clean, one failed test when anything is found.
 */
export function runLogScan(dir: string): RunnerResult {
  header("Log scan: secrets in the servers' logs");
  const started = Date.now();
  const { files, secrets, bytes, hits } = scanServerLogs(dir);
  console.log(
    `${files} server logs (${Math.round(bytes / 1024)} KB) searched for ${secrets} secrets, card numbers and CVC fields.`,
  );
  for (const hit of hits.slice(0, 20)) console.error(`  ${hit.file}:${hit.line}: ${hit.what}`);
  if (hits.length > 20) console.error(`  ... and ${hits.length - 20} more`);
  // Nothing kept means the servers' output was not captured: that must not pass as clean.
  const failed = hits.length > 0 || files === 0 ? 1 : 0;
  if (files === 0) console.error("No server log was kept: the scan cannot vouch for anything.");
  console.log(failed ? `${hits.length} hits: failed.` : "0 hits.");
  return {
    name: "Log scan",
    passed: 1 - failed,
    failed,
    skipped: 0,
    exitCode: failed,
    seconds: Math.round((Date.now() - started) / 1000),
  };
}

/** Prints each runner's counts and the closing line 'N passed, N failed[, N skipped]'; returns the exit code. */
export function summarize(results: RunnerResult[]): number {
  header("Summary");
  for (const r of results) {
    console.log(
      `${r.name.padEnd(11)} ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped  (${r.seconds} s, exit ${r.exitCode})`,
    );
  }
  const passed = results.reduce((sum, r) => sum + r.passed, 0);
  const failed = results.reduce((sum, r) => sum + r.failed, 0);
  const skipped = results.reduce((sum, r) => sum + r.skipped, 0);
  const nothingRan = passed + failed === 0;
  if (nothingRan) console.log("No test ran.");
  // For .ci/run, which adds up its SQLite and PostgreSQL runs.
  fs.writeFileSync(
    path.join(resultsDir, "summary.json"),
    JSON.stringify({ passed, failed, skipped, results }, null, 2),
  );
  console.log("");
  console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
  return failed > 0 || nothingRan || results.some((r) => r.exitCode !== 0) ? 1 : 0;
}

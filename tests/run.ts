// `npm test`: the page build, then Vitest (unit + integration) and Playwright (end-to-end), then the scan of
// everything the test servers logged for secrets (SECURITY.md figure 14), and one closing line
// 'N passed, N failed' over all of them. Exits 1 when a test failed, a runner failed, or nothing ran.
// TEST_DATABASE_URL=postgres://... runs Vitest on PostgreSQL and the browser smoke set (tests/e2e/postgres-smoke.ts;
// E2E_ALL=1 runs every spec there too).
import fs from "node:fs";
import path from "node:path";
import { postgresSmokeSpecs } from "./e2e/postgres-smoke.ts";
import { build, resultsDir, runLogScan, runPlaywright, runVitest, summarize } from "./helpers/runners.ts";

// The servers keep their output here and the helpers write down the secrets they see (tests/helpers/log-scan.ts).
const scanDir = path.join(resultsDir, "log-scan");
fs.rmSync(scanDir, { recursive: true, force: true });
process.env.STUDIUM_LOG_SCAN_DIR = scanDir;

const specs = process.env.TEST_DATABASE_URL && process.env.E2E_ALL !== "1" ? postgresSmokeSpecs : [];

const built = build();
const results = built.failed ? [built] : [await runVitest(), await runPlaywright(specs)];
if (!built.failed) results.push(runLogScan(scanDir));
process.exitCode = summarize(results);

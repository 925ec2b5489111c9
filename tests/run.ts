// `npm test`: the page build, then Vitest (unit + integration) and Playwright (end-to-end), and one closing line
// 'N passed, N failed' over both. Exits 1 when a test failed, a runner failed, or nothing ran.
// TEST_DATABASE_URL=postgres://... runs everything on PostgreSQL.
import { build, runPlaywright, runVitest, summarize } from "./helpers/runners.ts";

const built = build();
const results = built.failed ? [built] : [await runVitest(), await runPlaywright()];
process.exitCode = summarize(results);

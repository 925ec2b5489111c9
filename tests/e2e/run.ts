// `npm run test:e2e`: only the Playwright specs (extra arguments go to `playwright test`, e.g. a spec file name).
import { build, runPlaywright, summarize } from "../helpers/runners.ts";

const built = build();
process.exitCode = summarize(built.failed ? [built] : [await runPlaywright(process.argv.slice(2))]);

// `npm run worker`: a dedicated background worker (jobs and schedules, no HTTP). See worker-process.ts.
import "./compile-cache.ts";
import { runWorkerProcess } from "./worker-process.ts";

await runWorkerProcess();

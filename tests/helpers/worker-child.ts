// A dedicated worker process exactly as `npm run worker` runs it (server/worker-process.ts), with the test jobs of
// worker-test-jobs.ts added. Configured by the environment like the server (DATABASE_URL, DATA_DIR, ...).
import { registerJob } from "#platform/jobs/define-job.ts";
import { runWorkerProcess } from "#server/worker-process.ts";
import { everySecond, holdJob, tickJob } from "./worker-test-jobs.ts";

await runWorkerProcess({
  extraJobs: () => [
    registerJob(tickJob, { runsFile: process.env.WORKER_TEST_RUNS! }),
    registerJob(holdJob, { releaseFile: process.env.WORKER_TEST_RELEASE! }),
  ],
  extraSchedules: [everySecond],
  worker: { pollIntervalMs: 100 },
});

// Jobs that the worker-process tests add to a dedicated worker (worker-child.ts): 'test.tick' on a one-second
// schedule, each run appending "<slot> <pid>" to the file WORKER_TEST_RUNS, and 'test.hold', which runs until the
// file WORKER_TEST_RELEASE exists (a handler still running when the process is told to stop).
import fs from "node:fs";
import { z } from "zod";
import { defineJob } from "#platform/jobs/define-job.ts";
import { defineSchedule } from "#platform/jobs/schedule.ts";

export const tickJob = defineJob({
  name: "test.tick",
  payload: z.object({ slot: z.string() }),
  handler: (deps: { runsFile: string }) => async (payload) => {
    fs.appendFileSync(deps.runsFile, `${payload.slot} ${process.pid}\n`);
  },
});

export const everySecond = defineSchedule({
  name: "test.tick",
  every: 1000,
  job: tickJob,
  payload: ({ start }) => ({ slot: start }),
});

export const holdJob = defineJob({
  name: "test.hold",
  payload: z.object({}),
  handler: (deps: { releaseFile: string }) => async () => {
    while (!fs.existsSync(deps.releaseFile)) await new Promise((resolve) => setTimeout(resolve, 20));
  },
});

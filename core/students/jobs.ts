// The students domain's job: 'students.import' runs one bulk import (start-import.ts), a line at a time, each
// line in its own transaction with its report line and the import's progress, so the page's progress moves as it
// runs and a retried job (after a crash) goes on from the first line without an outcome.
import { z } from "zod";
import type { AccountServices } from "#core/accounts/account-services.ts";
import { defineJob } from "#platform/jobs/define-job.ts";
import { runImport } from "./run-import.ts";

export const importStudentsJob = defineJob({
  name: "students.import",
  payload: z
    .object({ import_id: z.number().int().min(1), base_url: z.string().min(1), school_name: z.string() })
    .strict(),
  handler:
    (deps: { secret: Buffer; accounts: Pick<AccountServices, "hashing"> }) =>
    async (payload, { db, log }) => {
      const summary = await runImport(db, { secret: deps.secret, hashing: deps.accounts.hashing }, payload);
      log.info({ import: payload.import_id, ...summary }, "students import");
    },
});

// The 'mail.send' job: hands the message to the mailer. A refused or failed delivery throws, so the
// worker retries it with backoff and, out of attempts, keeps it as failed for the owner. The log line
// names the mail row, never its body (a reset link is a credential).
import { z } from "zod";
import { defineJob } from "../jobs/define-job.ts";
import type { Mailer } from "./mailer.ts";

export const mailPayload = z.object({
  to: z.string().min(1),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  headers: z.record(z.string(), z.string()).optional(),
});

export const sendMailJob = defineJob({
  name: "mail.send",
  payload: mailPayload,
  handler:
    (deps: { mailer: Mailer }) =>
    async (payload, { log, job }) => {
      const sent = await deps.mailer.send(payload);
      log.info(
        { job: job.id, mail: sent.id, transport: sent.transport },
        sent.transport === "smtp" ? "mail sent" : "mail kept in the outbox",
      );
    },
});

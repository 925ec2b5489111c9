// The 'mail.send' job: hands the message to the mailer. A refused or failed delivery throws, so the
// worker retries it with backoff and, out of attempts, keeps it as failed for the owner. The log line
// names the mail row, never its body (a reset link is a credential).
import type { JobHandler } from "../jobs/worker.ts";
import type { JobPayloads } from "../jobs/queue.ts";
import type { Mailer } from "./mailer.ts";

export function mailSendHandler(mailer: Mailer): JobHandler<JobPayloads["mail.send"]> {
  return async (payload, { log, job }) => {
    const sent = await mailer.send(payload);
    log.info(
      { job: job.id, mail: sent.id, transport: sent.transport },
      sent.transport === "smtp" ? "mail sent" : "mail kept in the outbox",
    );
  };
}

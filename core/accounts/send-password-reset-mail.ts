// The 'mail.password_reset' job: renders the reset mail at send time. The token is derived from the job's
// reference and the server's secret (tokens.ts), so neither the job row (/home/jobs) nor the kept mail
// (/home/mail, where the link is replaced by a note) shows a link that works: only the recipient gets it.
import type { JobHandler } from "#platform/jobs/define-job.ts";
import { translator } from "#platform/i18n/index.ts";
import type { Mailer } from "#platform/mail/mailer.ts";
import { INVITATION_TTL_DAYS, RESET_TTL_MS } from "./request-password-reset.ts";
import type { PasswordResetMailPayload } from "./jobs.ts";
import { resetTokenFor } from "./tokens.ts";

export function passwordResetMailHandler(deps: {
  mailer: Mailer;
  secret: Buffer;
}): JobHandler<PasswordResetMailPayload> {
  return async (payload, { log, job }) => {
    const t = translator(payload.lang);
    const token = resetTokenFor(deps.secret, payload.reference);
    const invitation = payload.kind === "invitation";
    const text = (link: string) =>
      invitation
        ? t("mail:invitation_text", { name: payload.name, link, school: payload.schoolName, days: INVITATION_TTL_DAYS })
        : t("mail:reset_text", {
            name: payload.name,
            link,
            school: payload.schoolName,
            minutes: RESET_TTL_MS / 60_000,
          });
    const subject = invitation ? "mail:invitation_subject" : "mail:reset_subject";
    const message = { to: payload.to, subject: t(subject, { school: payload.schoolName }) };
    const sent = await deps.mailer.send(
      { ...message, text: text(`${payload.baseUrl}/reset-password?token=${encodeURIComponent(token)}`) },
      { record: { ...message, text: text(t("mail:reset_link_withheld")) } },
    );
    log.info(
      { job: job.id, mail: sent.id, transport: sent.transport },
      sent.transport === "smtp" ? "mail sent" : "mail kept in the outbox",
    );
  };
}

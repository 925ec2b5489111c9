// The double opt-in's e-mail: a link to /leads/confirm/{token}, in the school's language, from the school's public
// address (never the request's Host). Queued in the transaction that stores the lead (outbox).
import type { Db } from "#platform/db/connection.ts";
import { translator } from "#platform/i18n/index.ts";
import { enqueue } from "#platform/jobs/queue.ts";
import { sendMailJob } from "#platform/mail/mail-job.ts";
import { publicAddressOf } from "../school/public-address.ts";

export async function queueLeadConfirmMail(
  db: Db,
  mail: { to: string; token: string; appUrl: string | undefined },
): Promise<void> {
  const school = await db.selectFrom("school").select(["name", "language", "public_url"]).executeTakeFirst();
  const t = translator(school?.language ?? "en");
  const address = publicAddressOf(mail.appUrl, school ?? null) ?? "";
  const values = { school: school?.name ?? "", link: `${address}/leads/confirm/${mail.token}` };
  await enqueue(db, sendMailJob, {
    to: mail.to,
    subject: t("leads:mail_subject", values),
    text: t("leads:mail_text", values),
  });
}

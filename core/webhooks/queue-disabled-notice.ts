// Tells the school's owner (the first admin) that an endpoint was switched off after failing for days, in the
// school's language, through the mail outbox in the same transaction.
import { translator } from "#platform/i18n/index.ts";
import type { Db } from "#platform/db/connection.ts";
import { enqueue } from "#platform/jobs/queue.ts";
import { sendMailJob } from "#platform/mail/mail-job.ts";

export async function queueDisabledNotice(db: Db, endpointId: number): Promise<void> {
  const owner = await db
    .selectFrom("users")
    .select("email")
    .where("role", "=", "admin")
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
  const endpoint = await db
    .selectFrom("webhook_endpoints")
    .select("url")
    .where("id", "=", endpointId)
    .executeTakeFirst();
  if (!owner || !endpoint) return;
  const school = await db.selectFrom("school").select(["name", "language"]).executeTakeFirst();
  const t = translator(school?.language ?? "en");
  await enqueue(
    db,
    sendMailJob,
    {
      to: owner.email,
      subject: t("webhooks:disabled_mail_subject", { school: school?.name ?? "" }),
      text: t("webhooks:disabled_mail_text", { url: endpoint.url, school: school?.name ?? "" }),
    },
    { key: `webhook-disabled:${endpointId}:${Date.now()}` },
  );
}

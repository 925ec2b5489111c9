// The student's e-mail about a new certificate, in the school's language, with the verification page and the
// list under /my. Queued in the transaction that writes the certificate (outbox).
import type { Db } from "#platform/db/connection.ts";
import { translator } from "#platform/i18n/index.ts";
import { enqueue } from "#platform/jobs/queue.ts";
import { sendMailJob } from "#platform/mail/mail-job.ts";
import { publicAddressOf } from "../school/public-address.ts";

export async function queueCertificateMail(db: Db, certificateId: number, appUrl: string | undefined): Promise<void> {
  const row = await db
    .selectFrom("certificates as c")
    .innerJoin("users as u", "u.id", "c.user_id")
    .select(["c.public_id", "c.student_name", "c.course_title", "u.email"])
    .where("c.id", "=", certificateId)
    .executeTakeFirstOrThrow();
  const school = await db.selectFrom("school").select(["name", "language", "public_url"]).executeTakeFirst();
  const t = translator(school?.language ?? "en");
  const address = publicAddressOf(appUrl, school ?? null);
  const values = {
    name: row.student_name,
    course: row.course_title,
    school: school?.name ?? "",
    link: address ? `${address}/certificates/${row.public_id}` : "",
    list: address ? `${address}/my/certificates` : "",
  };
  await enqueue(db, sendMailJob, {
    to: row.email,
    subject: t("certificates:mail_subject", values),
    text: t(address ? "certificates:mail_text" : "certificates:mail_text_no_link", values),
  });
}

// One unlock mail (drip release): written to the outbox (a mail.send job) in the caller's transaction, once per
// student and unlocked section or lecture: the drip_notices row's unique index decides, so a repeated scan, a
// second worker racing this one, or a job deleted after three days never mails it again.
import type { Db } from "#platform/db/connection.ts";
import { formatLongDateTime } from "#platform/i18n/format.ts";
import { enqueueJob } from "#platform/jobs/queue.ts";
import { sendMailJob } from "#platform/mail/mail-job.ts";
import { inTransaction } from "#platform/db/transaction.ts";
import { mailParagraphs, schoolForMail } from "../shared/school-mail.ts";
import { studentInCourse } from "./student-in-course.ts";

export type DripNotice = {
  userId: number;
  courseId: number;
  /** a section that opened (its lectures with it), or a lecture that opened on its own later rule */
  unit: "section" | "lecture";
  unitId: number;
  /** the section's or the lecture's title, as the mail names it */
  title: string;
  /** the first lecture that opened: the mail links to it */
  lectureId: number;
  unlockedAt: string;
};

/** Queues the mail unless this unlock was mailed before; answers whether it was queued now. */
export async function queueDripNotice(db: Db, notice: DripNotice, now: string): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const inserted = await trx
      .insertInto("drip_notices")
      .values({
        user_id: notice.userId,
        course_id: notice.courseId,
        unit: notice.unit,
        unit_id: notice.unitId,
        created_at: now,
      })
      .onConflict((oc) => oc.doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!inserted) return false;
    const row = await studentInCourse(trx, notice.userId, notice.courseId);
    if (!row) return false;
    const school = await schoolForMail(trx);
    const { t } = school;
    const values = {
      name: row.name,
      course: row.course,
      title: notice.title,
      school: school.name,
      date: formatLongDateTime(notice.unlockedAt, school.lang, school.timeZone),
    };
    const link = `${school.address ?? ""}/${row.slug}/watch/${notice.lectureId}`;
    const text = mailParagraphs(
      t("learning:drip_mail_text", values),
      school.address ? t("learning:drip_mail_link", { link }) : "",
      t("learning:drip_mail_signature", values),
    );
    await enqueueJob(
      trx,
      sendMailJob,
      { to: row.email, subject: t("learning:drip_mail_subject", values), text },
      { key: `drip:${notice.userId}:${notice.unit}:${notice.unitId}` },
    );
    return true;
  });
}

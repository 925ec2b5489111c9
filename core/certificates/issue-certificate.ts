// The issue job's work: checks the course is complete (lectures, and the exam through the seam), that its template
// is still enabled and that the student has no certificate for it yet (a revoked one counts: a new one after a
// revocation is the admin's reissue), then writes the certificate and queues its e-mail in one transaction. The
// partial unique index on (user, course) stops a second live certificate whatever happens around the job.
import { emitWebhookEvent } from "#core/webhooks/emit-event.ts";
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { inTransaction } from "#platform/db/transaction.ts";
import { checkCourseCompletion, type ExamRequirement } from "./course-completion.ts";
import { expiryOf } from "./certificate-status.ts";
import { newCertificatePublicId } from "./public-id.ts";
import { queueCertificateMail } from "./queue-certificate-mail.ts";

export type IssueOutcome = "issued" | "already_issued" | "not_complete" | "disabled";

export type IssueDeps = { examRequirement: ExamRequirement; appUrl: string | undefined; now?: () => string };

export async function issueCertificate(
  db: Db,
  deps: IssueDeps,
  who: { userId: number; courseId: number },
): Promise<IssueOutcome> {
  const completion = await checkCourseCompletion(db, who, deps.examRequirement);
  if (!completion.complete) return "not_complete";
  const now = deps.now?.() ?? nowIso();
  return inTransaction(db, async (trx) => {
    const template = await trx
      .selectFrom("certificate_templates")
      .select(["enabled", "validity_months"])
      .where("course_id", "=", who.courseId)
      .executeTakeFirst();
    if (!template || !template.enabled) return "disabled";
    const existing = await trx
      .selectFrom("certificates")
      .select("id")
      .where("user_id", "=", who.userId)
      .where("course_id", "=", who.courseId)
      .executeTakeFirst();
    if (existing) return "already_issued";
    const subject = await trx
      .selectFrom("users")
      .innerJoin("courses", (join) => join.on("courses.id", "=", who.courseId))
      .select(["users.name", "courses.title"])
      .where("users.id", "=", who.userId)
      .executeTakeFirst();
    if (!subject) return "not_complete";
    const inserted = await trx
      .insertInto("certificates")
      .values({
        public_id: newCertificatePublicId(),
        user_id: who.userId,
        course_id: who.courseId,
        student_name: subject.name,
        course_title: subject.title,
        issued_at: now,
        expires_at: expiryOf(now, template.validity_months),
        revoked_at: null,
        replaces_id: null,
      })
      .onConflict((oc) => oc.columns(["user_id", "course_id"]).where("revoked_at", "is", null).doNothing())
      .returning(["id"])
      .executeTakeFirst();
    if (!inserted) return "already_issued";
    await queueCertificateMail(trx, inserted.id, deps.appUrl);
    await emitWebhookEvent(trx, "certificate.issued", {
      certificate: { id: inserted.id, issued_at: now },
      student: { id: who.userId, name: subject.name },
      course: { id: who.courseId, title: subject.title },
    });
    return "issued";
  });
}

// A passed exam may be what completes its course (the lectures were done first): the certificate's issue is
// queued then too. Its key names the attempt, since the lecture path's key may already be spent on a run that
// found the exam not yet passed; the issue job checks everything again and issues at most one certificate.
import type { Db } from "#platform/db/connection.ts";
import { queueCertificateIfComplete } from "../certificates/queue-certificate.ts";
import { emitWebhookEvent } from "#core/webhooks/emit-event.ts";

export async function afterExamPassed(
  db: Db,
  attempt: { id: number; exam_id: number; user_id: number },
): Promise<void> {
  const exam = await db
    .selectFrom("exams")
    .select(["course_id", "title"])
    .where("id", "=", attempt.exam_id)
    .executeTakeFirst();
  await emitWebhookEvent(db, "exam.passed", {
    attempt: { id: attempt.id },
    exam: { id: attempt.exam_id, title: exam?.title ?? "", course_id: exam?.course_id ?? null },
    student: { id: attempt.user_id },
  });
  if (!exam?.course_id) return;
  await queueCertificateIfComplete(
    db,
    { userId: attempt.user_id, courseId: exam.course_id },
    { after: `exam-attempt:${attempt.id}` },
  );
}

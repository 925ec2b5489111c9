// The lecture-completion path's part of certificates: when a student's completion finishes a course whose
// template is enabled, the issue job is queued under one key per student and course, so any number of
// completions (racing requests, a repeat) queue exactly one job. The job checks everything again.
import type { Db } from "#platform/db/connection.ts";
import { enqueue } from "#platform/jobs/queue.ts";
import { getCourseProgress } from "../learning/get-course-progress.ts";
import { issueCertificateJob } from "./jobs.ts";

export function certificateJobKey(userId: number, courseId: number): string {
  return `certificate:${userId}:${courseId}`;
}

/**
 * Queues the issue when the course's lectures are all done; the exam (if any) is checked by the job. `after` names
 * a later event that may complete the course (a passed exam: core/exams/after-exam-passed.ts), keyed apart.
 */
export async function queueCertificateIfComplete(
  db: Db,
  who: { userId: number; courseId: number },
  options: { after?: string } = {},
): Promise<boolean> {
  const template = await db
    .selectFrom("certificate_templates")
    .select("enabled")
    .where("course_id", "=", who.courseId)
    .executeTakeFirst();
  if (!template || !template.enabled) return false;
  const { completed, total } = await getCourseProgress(db, who);
  if (total === 0 || completed < total) return false;
  await enqueue(
    db,
    issueCertificateJob,
    { user_id: who.userId, course_id: who.courseId },
    { key: certificateJobKey(who.userId, who.courseId) + (options.after ? `:after:${options.after}` : "") },
  );
  return true;
}

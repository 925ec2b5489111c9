// POST /lecture/{id}/complete: marks the lecture complete for the student, or not complete again; answers the
// new state and the course's progress percentage. One statement for the flip, so quick clicks do not race.
import { inTransaction } from "#platform/db/transaction.ts";
import type { Db } from "#platform/db/connection.ts";
import { dialectOf, nowIso, sql } from "#platform/db/connection.ts";
import type { Actor } from "../shared/actor.ts";
import { findProgressTarget } from "./progress-viewer.ts";
import { getCourseProgress } from "./get-course-progress.ts";
import { queueCertificateIfComplete } from "../certificates/queue-certificate.ts";
import { applyTagRules } from "#core/students/tag-rules.ts";
import { emitWebhookEvent } from "#core/webhooks/emit-event.ts";

export async function toggleLectureComplete(
  db: Db,
  actor: Actor,
  options: { lectureId: unknown },
): Promise<{ completed: boolean; progress: number }> {
  const { lectureId, courseId, userId } = await findProgressTarget(db, actor, options.lectureId);
  const postgres = dialectOf(db) === "postgres";
  // The flip, the certificate's job and the webhooks commit together (outbox).
  return inTransaction(db, async (trx) => {
    // One student's completions in one course take turns. On PostgreSQL (READ COMMITTED) two completions of the
    // last two lectures would otherwise each count the course without the other's uncommitted row, both see 67%,
    // and neither would queue the certificate nor send course.completed. SQLite's write transactions already
    // take turns (they hold the write lock from BEGIN). The key is namespaced text hashed to PostgreSQL's bigint.
    if (postgres) {
      const key = `lecture-progress:${userId}:${courseId}`;
      await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
    }
    const now = nowIso();
    const row = await trx
      .insertInto("lecture_progress")
      .values({
        user_id: userId,
        lecture_id: lectureId,
        course_id: courseId,
        completed_at: now,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc.columns(["user_id", "lecture_id"]).doUpdateSet({
          completed_at: sql<string | null>`case when lecture_progress.completed_at is null then ${now} else null end`,
          updated_at: now,
        }),
      )
      .returning("completed_at")
      .executeTakeFirstOrThrow();
    const { percent } = await getCourseProgress(trx, { userId: userId, courseId });
    // The completion that finishes the course queues its certificate (one job per student and course).
    if (row.completed_at !== null && percent === 100) await queueCertificateIfComplete(trx, { userId, courseId });
    if (row.completed_at !== null) {
      const who = { student: { id: userId }, course: { id: courseId } };
      await emitWebhookEvent(trx, "lecture.completed", { ...who, lecture: { id: lectureId } });
      if (percent === 100) {
        // The tag rules of "completed this course" first, so that the event's student carries the new tags.
        await applyTagRules(trx, userId, "completion", courseId);
        await emitWebhookEvent(trx, "course.completed", who);
      }
    }
    return { completed: row.completed_at !== null, progress: percent };
  });
}

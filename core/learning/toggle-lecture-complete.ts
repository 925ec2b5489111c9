// POST /lecture/{id}/complete: marks the lecture complete for the student, or not complete again; answers the
// new state and the course's progress percentage. One statement for the flip, so quick clicks do not race.
import type { Db } from "#platform/db/connection.ts";
import { nowIso, sql } from "#platform/db/connection.ts";
import type { User } from "#platform/db/schema.ts";
import { findWatchableLecture } from "./find-watchable-lecture.ts";
import { getCourseProgress } from "./get-course-progress.ts";

export async function toggleLectureComplete(
  db: Db,
  options: { lectureId: number; user: Pick<User, "id" | "role"> },
): Promise<{ completed: boolean; progress: number }> {
  const { lectureId, courseId } = await findWatchableLecture(db, options);
  const now = nowIso();
  const row = await db
    .insertInto("lecture_progress")
    .values({
      user_id: options.user.id,
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
  const { percent } = await getCourseProgress(db, { userId: options.user.id, courseId });
  return { completed: row.completed_at !== null, progress: percent };
}

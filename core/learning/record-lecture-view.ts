// POST /lecture/{id}/watch: remembers when the student last opened the lecture (the resume point).
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import type { User } from "#platform/db/schema.ts";
import { findWatchableLecture } from "./find-watchable-lecture.ts";

export async function recordLectureView(
  db: Db,
  options: { lectureId: number; user: Pick<User, "id" | "role"> },
): Promise<{ last_viewed_at: string }> {
  const { lectureId, courseId } = await findWatchableLecture(db, options);
  const now = nowIso();
  await db
    .insertInto("lecture_progress")
    .values({
      user_id: options.user.id,
      lecture_id: lectureId,
      course_id: courseId,
      last_viewed_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(["user_id", "lecture_id"]).doUpdateSet({ last_viewed_at: now, updated_at: now }))
    .execute();
  return { last_viewed_at: now };
}

// POST /lecture/{id}/watch: remembers when the student last opened the lecture (the resume point).
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import type { Actor } from "../shared/actor.ts";
import { findProgressTarget } from "./progress-viewer.ts";

export async function recordLectureView(
  db: Db,
  actor: Actor,
  options: { lectureId: unknown },
): Promise<{ last_viewed_at: string }> {
  const { lectureId, courseId, userId } = await findProgressTarget(db, actor, options.lectureId);
  const now = nowIso();
  await db
    .insertInto("lecture_progress")
    .values({
      user_id: userId,
      lecture_id: lectureId,
      course_id: courseId,
      last_viewed_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(["user_id", "lecture_id"]).doUpdateSet({ last_viewed_at: now, updated_at: now }))
    .execute();
  return { last_viewed_at: now };
}

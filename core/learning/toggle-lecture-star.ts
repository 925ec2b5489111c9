// POST /lecture/{id}/star: stars the lecture for the student, or takes the star away. One statement, so two
// quick clicks flip it twice rather than racing.
import type { Db } from "#platform/db/connection.ts";
import { nowIso, sql } from "#platform/db/connection.ts";
import type { Actor } from "../shared/actor.ts";
import { findProgressTarget } from "./progress-viewer.ts";

export async function toggleLectureStar(
  db: Db,
  actor: Actor,
  options: { lectureId: unknown },
): Promise<{ starred: boolean }> {
  const { lectureId, courseId, userId } = await findProgressTarget(db, actor, options.lectureId);
  const now = nowIso();
  const row = await db
    .insertInto("lecture_progress")
    .values({ user_id: userId, lecture_id: lectureId, course_id: courseId, starred: 1, updated_at: now })
    .onConflict((oc) =>
      oc
        .columns(["user_id", "lecture_id"])
        .doUpdateSet({ starred: sql<number>`1 - lecture_progress.starred`, updated_at: now }),
    )
    .returning("starred")
    .executeTakeFirstOrThrow();
  return { starred: Number(row.starred) === 1 };
}

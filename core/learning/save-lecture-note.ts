// POST /lecture/{id}/notes {note}: the student's private note on a lecture (only its writer ever reads it).
import { parseInput } from "#core/validation.ts";
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import type { User } from "#platform/db/schema.ts";
import { findWatchableLecture } from "./find-watchable-lecture.ts";
import { noteSchema } from "./schemas.ts";

export async function saveLectureNote(
  db: Db,
  options: { lectureId: number; user: Pick<User, "id" | "role">; input: unknown },
): Promise<{ note: string }> {
  const { lectureId, courseId } = await findWatchableLecture(db, options);
  const { note } = parseInput(noteSchema, options.input);
  const now = nowIso();
  await db
    .insertInto("lecture_progress")
    .values({ user_id: options.user.id, lecture_id: lectureId, course_id: courseId, note, updated_at: now })
    .onConflict((oc) => oc.columns(["user_id", "lecture_id"]).doUpdateSet({ note, updated_at: now }))
    .execute();
  return { note };
}

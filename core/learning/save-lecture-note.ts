// POST /lecture/{id}/notes {note}: the student's private note on a lecture (only its writer ever reads it).
import { parseInput } from "#core/validation.ts";
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import type { Actor } from "../shared/actor.ts";
import { findProgressTarget } from "./progress-viewer.ts";
import { noteSchema } from "./schemas.ts";

export async function saveLectureNote(
  db: Db,
  actor: Actor,
  options: { lectureId: unknown; input: unknown },
): Promise<{ note: string }> {
  const { lectureId, courseId, userId } = await findProgressTarget(db, actor, options.lectureId);
  const { note } = parseInput(noteSchema, options.input);
  const now = nowIso();
  await db
    .insertInto("lecture_progress")
    .values({ user_id: userId, lecture_id: lectureId, course_id: courseId, note, updated_at: now })
    .onConflict((oc) => oc.columns(["user_id", "lecture_id"]).doUpdateSet({ note, updated_at: now }))
    .execute();
  return { note };
}

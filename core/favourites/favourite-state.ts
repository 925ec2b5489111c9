// Whether a course and a lecture are the signed-in viewer's favourites (the watch page's toggles); false for a
// visitor.
import type { Db } from "#platform/db/connection.ts";
import { type Actor, isSignedIn } from "../shared/actor.ts";

export async function getFavouriteState(
  db: Db,
  actor: Actor,
  options: { courseId: number; lectureId: number },
): Promise<{ course: boolean; lecture: boolean }> {
  if (!isSignedIn(actor)) return { course: false, lecture: false };
  const [course, lecture] = await Promise.all([
    db
      .selectFrom("favourite_courses")
      .select("course_id")
      .where("user_id", "=", actor.userId)
      .where("course_id", "=", options.courseId)
      .executeTakeFirst(),
    db
      .selectFrom("favourite_lectures")
      .select("lecture_id")
      .where("user_id", "=", actor.userId)
      .where("lecture_id", "=", options.lectureId)
      .executeTakeFirst(),
  ]);
  return { course: course !== undefined, lecture: lecture !== undefined };
}

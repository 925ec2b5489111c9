// POST /favourites {kind, id, favourite}: marks a course or a lecture as the student's favourite, or not. The
// policy first (401 for a visitor), then the input (422), then the watch rules: a course the student may see (a
// draft, or an unpublished course without access, is a 404), a lecture they may open (findWatchableLecture).
// One idempotent statement each way, so parallel clicks cannot leave a duplicate.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { AppError } from "../errors.ts";
import { hasCourseAccess } from "../learning/course-access.ts";
import { findWatchableLecture } from "../learning/find-watchable-lecture.ts";
import { courseVisible, resolveWatchViewer } from "../learning/watch-rules.ts";
import { type Actor, authorizeUser } from "../shared/actor.ts";
import { parseInput } from "../validation.ts";
import { canKeepFavourites } from "./policies.ts";
import { setFavouriteSchema } from "./schemas.ts";

export async function setFavourite(db: Db, actor: Actor, input: unknown): Promise<{ favourite: boolean }> {
  const { userId, kind: role } = authorizeUser(actor, canKeepFavourites(actor));
  const { kind, id, favourite } = parseInput(setFavouriteSchema, input ?? {});
  const user = { id: userId, role };
  if (kind === "course") {
    const course = await db.selectFrom("courses").select(["id", "status"]).where("id", "=", id).executeTakeFirst();
    const viewer = resolveWatchViewer(user, {
      hasAccess: course ? await hasCourseAccess(db, user, course.id) : false,
      previewAsStudent: false,
    });
    if (!course || !courseVisible(course.status, viewer)) throw new AppError("not_found");
    if (favourite) {
      await db
        .insertInto("favourite_courses")
        .values({ user_id: userId, course_id: id, created_at: nowIso() })
        .onConflict((oc) => oc.columns(["user_id", "course_id"]).doNothing())
        .execute();
    } else {
      await db.deleteFrom("favourite_courses").where("user_id", "=", userId).where("course_id", "=", id).execute();
    }
    return { favourite };
  }
  await findWatchableLecture(db, { lectureId: id, user });
  if (favourite) {
    await db
      .insertInto("favourite_lectures")
      .values({ user_id: userId, lecture_id: id, created_at: nowIso() })
      .onConflict((oc) => oc.columns(["user_id", "lecture_id"]).doNothing())
      .execute();
  } else {
    await db.deleteFrom("favourite_lectures").where("user_id", "=", userId).where("lecture_id", "=", id).execute();
  }
  return { favourite };
}

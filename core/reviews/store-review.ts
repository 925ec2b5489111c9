// A student reviews a course they have access to (POST /json/reviews/store {course_id, rating, title, body}).
// The review waits for an admin's approval before anyone sees it. One per student per course: a second one is
// refused (a unique index, migration 0005, keeps it so under concurrent submits as well).
import { AppError } from "#core/errors.ts";
import { hasCourseAccess } from "#core/learning/course-access.ts";
import { parseInput } from "#core/validation.ts";
import { type Db, nowIso } from "#platform/db/connection.ts";
import type { ReviewStatus, User } from "#platform/db/schema.ts";
import { storeReviewSchema } from "./schemas.ts";

export type OwnReview = {
  id: number;
  rating: number;
  title: string;
  body: string;
  status: ReviewStatus;
  created_at: string;
};

/** The name a review is signed with: the first word of the user's name. */
export function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] ?? "";
}

export async function storeReview(
  db: Db,
  user: Pick<User, "id" | "role" | "name">,
  input: unknown,
): Promise<OwnReview> {
  const data = parseInput(storeReviewSchema, input);
  const course = await db
    .selectFrom("courses")
    .select("id")
    .where("id", "=", data.course_id)
    .where("status", "=", "published")
    .executeTakeFirst();
  if (!course) throw new AppError("not_found");
  if (!(await hasCourseAccess(db, user, course.id)))
    throw new AppError("forbidden", { messageKey: "reviews:no_access" });
  const row = await db
    .insertInto("reviews")
    .values({
      course_id: course.id,
      user_id: user.id,
      comment_id: null,
      first_name: firstNameOf(user.name),
      rating: data.rating,
      title: data.title,
      body: data.body,
      status: "pending",
      created_at: nowIso(),
    })
    .onConflict((oc) => oc.columns(["course_id", "user_id"]).where("comment_id", "is", null).doNothing())
    .returning(["id", "rating", "title", "body", "status", "created_at"])
    .executeTakeFirst();
  if (!row) throw new AppError("conflict", { messageKey: "reviews:already_reviewed" });
  return row;
}

/** The student's own review of a course (not one an admin made from a comment), whatever its status. */
export async function findOwnReview(db: Db, userId: number, courseId: number): Promise<OwnReview | null> {
  const row = await db
    .selectFrom("reviews")
    .select(["id", "rating", "title", "body", "status", "created_at"])
    .where("course_id", "=", courseId)
    .where("user_id", "=", userId)
    .where("comment_id", "is", null)
    .executeTakeFirst();
  return row ?? null;
}

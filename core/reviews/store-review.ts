// A student reviews a course they have access to (POST /json/reviews/store {course_id, rating, title, body}).
// The review policy answers first (a visitor is asked to log in, 401), then the input and the course's access.
// The review waits for an admin's approval before anyone sees it. One per student per course: a second one is
// refused (a unique index, migration 0005, keeps it so under concurrent submits as well).
import { AppError } from "#core/errors.ts";
import { hasCourseAccess } from "#core/learning/course-access.ts";
import { parseInput } from "#core/validation.ts";
import { type Db, nowIso } from "#platform/db/connection.ts";
import type { ReviewStatus } from "#platform/db/schema.ts";
import { type Actor, authorizeUser } from "../shared/actor.ts";
import { canWriteReviews } from "./policies.ts";
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

export async function storeReview(db: Db, actor: Actor, input: unknown): Promise<OwnReview> {
  const { userId, kind } = authorizeUser(actor, canWriteReviews(actor));
  const data = parseInput(storeReviewSchema, input);
  const course = await db
    .selectFrom("courses")
    .select("id")
    .where("id", "=", data.course_id)
    .where("status", "=", "published")
    .executeTakeFirst();
  if (!course) throw new AppError("not_found");
  // The access rules read the actor as a user: its id and role (the actor's kind names the same roles).
  if (!(await hasCourseAccess(db, { id: userId, role: kind }, course.id)))
    throw new AppError("forbidden", { messageKey: "reviews:no_access" });
  const author = await db.selectFrom("users").select("name").where("id", "=", userId).executeTakeFirst();
  if (!author) throw new AppError("unauthenticated");
  const row = await db
    .insertInto("reviews")
    .values({
      course_id: course.id,
      user_id: userId,
      comment_id: null,
      first_name: firstNameOf(author.name),
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

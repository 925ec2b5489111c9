// POST /comments/:id/review {rating} (§3, §6): an admin turns a lecture comment into an approved review of the
// lecture's course, rated 10 (positive), 5 (neutral) or 1 (negative). The review keeps the author's first name,
// the comment's text and a link to the comment; doing it again changes the same review. Approved reviews show
// on the course page, so the catalog cache version moves in the same transaction.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { AppError } from "../errors.ts";
import { parseInput } from "../validation.ts";
import { requireViewer, requireVisibleComment } from "./commentable.ts";
import { type DiscussionViewer, isModerator, refusalFor } from "./rights.ts";
import { reviewSchema } from "./schemas.ts";

/** §3 Review: id, rating, first_name, created_at, the review's text (body), title, course.slug. */
export type ReviewView = {
  id: number;
  rating: number;
  first_name: string;
  created_at: string;
  body: string;
  title: string;
  status: "approved";
  comment_id: number;
  course: { id: number; slug: string };
};

export function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] ?? "";
}

export async function turnCommentIntoReview(
  db: Db,
  options: { viewer: DiscussionViewer | null; commentId: number; input: unknown },
): Promise<{ review: ReviewView }> {
  const viewer = requireViewer(options.viewer);
  const { comment, commentable } = await requireVisibleComment(db, options.commentId, viewer);
  // A student's own comment is a 403; anyone else's answers as a missing one.
  if (!isModerator(viewer)) throw new AppError(refusalFor(viewer, comment));
  const { rating } = parseInput(reviewSchema, options.input);
  // Only a comment on something of a course (a lecture) can become that course's review.
  if (commentable.courseId === null) throw new AppError("not_found");
  const course = await db
    .selectFrom("courses")
    .select(["id", "slug"])
    .where("id", "=", commentable.courseId)
    .executeTakeFirstOrThrow();
  const author = await db
    .selectFrom("users")
    .select(["id", "name"])
    .where("id", "=", comment.user_id)
    .executeTakeFirstOrThrow();
  const firstName = firstNameOf(author.name);

  const review = await db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom("reviews")
      .select(["id", "created_at"])
      .where("comment_id", "=", comment.id)
      .executeTakeFirst();
    const values = { rating, first_name: firstName, body: comment.body, status: "approved" as const };
    let id: number;
    let createdAt: string;
    if (existing) {
      await trx.updateTable("reviews").set(values).where("id", "=", existing.id).execute();
      id = existing.id;
      createdAt = existing.created_at;
    } else {
      createdAt = nowIso();
      const row = await trx
        .insertInto("reviews")
        .values({
          ...values,
          course_id: course.id,
          user_id: author.id,
          comment_id: comment.id,
          title: "",
          created_at: createdAt,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      id = row.id;
    }
    return { id, createdAt };
  });
  return {
    review: {
      id: review.id,
      rating,
      first_name: firstName,
      created_at: review.createdAt,
      body: comment.body,
      title: "",
      status: "approved",
      comment_id: comment.id,
      course: { id: course.id, slug: course.slug },
    },
  };
}

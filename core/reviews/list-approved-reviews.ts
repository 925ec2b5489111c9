// The sales page's reviews list (spec §2, §3 Review, §7 POST /json/reviews {course_id, length}): the next page of
// a course's approved reviews, newest first, after the `length` the list already shows. Only approved reviews are
// public; a course a visitor may not see (draft, unpublished, unknown) answers 404, admins see any.
import { AppError } from "#core/errors.ts";
import { parseInput } from "#core/validation.ts";
import type { Db } from "#platform/db/connection.ts";
import type { User } from "#platform/db/schema.ts";
import { ratingKind } from "./rating.ts";
import { reviewsPageSchema } from "./schemas.ts";

export const REVIEWS_PAGE_SIZE = 5;

export type PublicReview = {
  id: number;
  rating: number;
  first_name: string;
  created_at: string;
  title: string;
  /** the review's text */
  review: string;
  course: { slug: string };
};

export async function listApprovedReviews(
  db: Db,
  viewer: Pick<User, "role"> | null,
  input: unknown,
  pageSize = REVIEWS_PAGE_SIZE,
): Promise<{ reviews: PublicReview[]; more: boolean }> {
  const { course_id, length } = parseInput(reviewsPageSchema, input);
  const course = await db
    .selectFrom("courses")
    .select(["slug", "status"])
    .where("id", "=", course_id)
    .executeTakeFirst();
  if (!course || (course.status !== "published" && viewer?.role !== "admin")) throw new AppError("not_found");
  const rows = await db
    .selectFrom("reviews")
    .select(["id", "rating", "first_name", "created_at", "title", "body"])
    .where("course_id", "=", course_id)
    .where("status", "=", "approved")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(pageSize + 1)
    .offset(length)
    .execute();
  return {
    reviews: rows.slice(0, pageSize).map((row) => ({
      id: row.id,
      rating: row.rating,
      first_name: row.first_name,
      created_at: row.created_at,
      title: row.title,
      review: row.body,
      course: { slug: course.slug },
    })),
    more: rows.length > pageSize,
  };
}

/** How many approved reviews a course has, and how many of them recommend it. */
export async function summariseApprovedReviews(
  db: Db,
  courseId: number,
): Promise<{ count: number; recommended: number; ratingTotal: number }> {
  const rows = await db
    .selectFrom("reviews")
    .select(["rating"])
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("course_id", "=", courseId)
    .where("status", "=", "approved")
    .groupBy("rating")
    .execute();
  let count = 0;
  let recommended = 0;
  let ratingTotal = 0;
  for (const row of rows) {
    count += Number(row.n);
    ratingTotal += Number(row.n) * row.rating;
    if (ratingKind(row.rating) === "recommended") recommended += Number(row.n);
  }
  return { count, recommended, ratingTotal };
}

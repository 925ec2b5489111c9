// /home/reviews: the reviews an admin moderates, newest first, filtered by status, with the course and the
// student they belong to, and how many there are of each status.
import type { Db } from "#platform/db/connection.ts";
import type { ReviewStatus } from "#platform/db/schema.ts";
import { reviewStatuses, type ReviewStatusFilter } from "./schemas.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { canModerateReviews } from "./policies.ts";

export const ADMIN_REVIEWS_LIMIT = 100;

export type AdminReview = {
  id: number;
  rating: number;
  first_name: string;
  title: string;
  body: string;
  status: ReviewStatus;
  created_at: string;
  course: { id: number; title: string; slug: string };
  user_email: string | null;
};

export async function listReviewsForAdmin(
  db: Db,
  actor: Actor,
  status: ReviewStatusFilter,
  limit = ADMIN_REVIEWS_LIMIT,
): Promise<{ reviews: AdminReview[]; counts: Record<ReviewStatus, number> }> {
  authorize(actor, canModerateReviews(actor));
  let query = db
    .selectFrom("reviews as r")
    .innerJoin("courses as c", "c.id", "r.course_id")
    .leftJoin("users as u", "u.id", "r.user_id")
    .select([
      "r.id",
      "r.rating",
      "r.first_name",
      "r.title",
      "r.body",
      "r.status",
      "r.created_at",
      "c.id as course_id",
      "c.title as course_title",
      "c.slug as course_slug",
      "u.email as user_email",
    ]);
  if (status !== "all") query = query.where("r.status", "=", status);
  const [rows, countRows] = await Promise.all([
    query.orderBy("r.created_at", "desc").orderBy("r.id", "desc").limit(limit).execute(),
    db
      .selectFrom("reviews")
      .select(["status"])
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .groupBy("status")
      .execute(),
  ]);
  const counts = Object.fromEntries(reviewStatuses.map((s) => [s, 0])) as Record<ReviewStatus, number>;
  for (const row of countRows) if (row.status in counts) counts[row.status] = Number(row.n);
  return {
    reviews: rows.map((row) => ({
      id: row.id,
      rating: row.rating,
      first_name: row.first_name,
      title: row.title,
      body: row.body,
      status: row.status,
      created_at: row.created_at,
      course: { id: row.course_id, title: row.course_title, slug: row.course_slug },
      user_email: row.user_email,
    })),
    counts,
  };
}

// The public catalog: published courses, newest first, with what a course card shows (cover image, prices with
// the promotion's dates, how many sections and published lectures, and their total length in minutes).
import type { Db } from "#platform/db/connection.ts";

export type CourseSummary = {
  id: number;
  slug: string;
  title: string;
  description: string;
  cover_image: string | null;
  price_cents: number;
  promo_price_cents: number | null;
  promo_starts_at: string | null;
  promo_ends_at: string | null;
  currency: string;
  created_at: string;
  section_count: number;
  lecture_count: number;
  total_minutes: number;
};

export async function listPublishedCourses(db: Db): Promise<CourseSummary[]> {
  const rows = await db
    .selectFrom("courses as c")
    .where("c.status", "=", "published")
    .select([
      "c.id",
      "c.slug",
      "c.title",
      "c.description",
      "c.cover_image",
      "c.price_cents",
      "c.promo_price_cents",
      "c.promo_starts_at",
      "c.promo_ends_at",
      "c.currency",
      "c.created_at",
    ])
    .select((eb) => [
      eb
        .selectFrom("course_sections as s")
        .whereRef("s.course_id", "=", "c.id")
        .select((sub) => sub.fn.countAll<number>().as("n"))
        .as("section_count"),
      eb
        .selectFrom("lectures as l")
        .innerJoin("course_sections as s", "s.id", "l.section_id")
        .whereRef("s.course_id", "=", "c.id")
        .where("l.status", "=", "published")
        .select((sub) => sub.fn.countAll<number>().as("n"))
        .as("lecture_count"),
      eb
        .selectFrom("lectures as l")
        .innerJoin("course_sections as s", "s.id", "l.section_id")
        .whereRef("s.course_id", "=", "c.id")
        .where("l.status", "=", "published")
        .select((sub) => sub.fn.coalesce(sub.fn.sum<number>("l.duration_minutes"), sub.lit(0)).as("n"))
        .as("total_minutes"),
    ])
    .orderBy("c.created_at", "desc")
    .orderBy("c.id", "desc")
    .execute();
  return rows.map((row) => ({
    ...row,
    section_count: Number(row.section_count ?? 0),
    lecture_count: Number(row.lecture_count ?? 0),
    total_minutes: Number(row.total_minutes ?? 0),
  }));
}

// GET /home/courses: every course for the admin (drafts and unpublished ones too), most recently changed
// first, with what the list shows: status, price and promo, and how many sections and lectures it has.
import type { Db } from "#platform/db/connection.ts";
import type { CourseStatus } from "#platform/db/schema.ts";
import type { Actor } from "../shared/actor.ts";
import { authorizeAuthoring } from "./authorize-authoring.ts";

export type AuthoredCourseSummary = {
  id: number;
  title: string;
  slug: string;
  status: CourseStatus;
  cover_image: string | null;
  price_cents: number;
  promo_price_cents: number | null;
  currency: string;
  published_at: string | null;
  updated_at: string;
  section_count: number;
  lecture_count: number;
  published_lecture_count: number;
};

export async function listAuthoredCourses(db: Db, actor: Actor): Promise<AuthoredCourseSummary[]> {
  authorizeAuthoring(actor);
  const rows = await db
    .selectFrom("courses as c")
    .select([
      "c.id",
      "c.title",
      "c.slug",
      "c.status",
      "c.cover_image",
      "c.price_cents",
      "c.promo_price_cents",
      "c.currency",
      "c.published_at",
      "c.updated_at",
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
        .select((sub) => sub.fn.countAll<number>().as("n"))
        .as("lecture_count"),
      eb
        .selectFrom("lectures as l")
        .innerJoin("course_sections as s", "s.id", "l.section_id")
        .whereRef("s.course_id", "=", "c.id")
        .where("l.status", "=", "published")
        .select((sub) => sub.fn.countAll<number>().as("n"))
        .as("published_lecture_count"),
    ])
    .orderBy("c.updated_at", "desc")
    .orderBy("c.id", "desc")
    .execute();
  return rows.map((row) => ({
    ...row,
    section_count: Number(row.section_count ?? 0),
    lecture_count: Number(row.lecture_count ?? 0),
    published_lecture_count: Number(row.published_lecture_count ?? 0),
  }));
}

// The course sales page (/{slug}): the course, its curriculum (sections with their published lectures), and its
// price as it applies now: the regular price, the promo price while the promotion runs, and then the lowest price
// of the 30 days before the promotion started (EU Omnibus, from course_price_changes); a promotion whose
// promotional packages are sold out is not shown. Only published courses are
// public; `includeUnpublished` (admins) also finds drafts and unpublished ones.
import type { Db } from "#platform/db/connection.ts";
import type { CourseStatus, LectureAccess } from "#platform/db/schema.ts";
import { isPromoActive, nextPriceChangeAt } from "./course-price.ts";
import { currentPromoStart, lowestPriceIn30Days } from "./lowest-price-30-days.ts";

export type CurriculumLecture = { id: number; title: string; duration_minutes: number; access: LectureAccess };
export type CurriculumSection = { id: number; title: string; lectures: CurriculumLecture[] };

export type CoursePrice = {
  currency: string;
  regular_cents: number;
  /** set while a promotion runs */
  promo_cents: number | null;
  promo_ends_at: string | null;
  /** set with promo_cents: the lowest price of the 30 days before the promotion began */
  lowest_30_days_cents: number | null;
};

export type CoursePage = {
  course: {
    id: number;
    slug: string;
    title: string;
    description: string;
    status: CourseStatus;
    cover_image: string | null;
    author_name: string;
    author_bio: string;
    seo_title: string;
    seo_description: string;
    updated_at: string;
  };
  sections: CurriculumSection[];
  lecture_count: number;
  total_minutes: number;
  price: CoursePrice;
  /** when the price shown changes by itself (a promotion starts or ends): a cached page must expire then */
  price_changes_at: string | null;
};

export async function getCoursePage(
  db: Db,
  options: { slug: string; includeUnpublished: boolean; now?: string },
): Promise<CoursePage | null> {
  const now = options.now ?? new Date().toISOString();
  let query = db
    .selectFrom("courses")
    .select([
      "id",
      "slug",
      "title",
      "description",
      "status",
      "cover_image",
      "author_name",
      "author_bio",
      "seo_title",
      "seo_description",
      "updated_at",
      "price_cents",
      "currency",
      "promo_price_cents",
      "promo_starts_at",
      "promo_ends_at",
    ])
    .where("slug", "=", options.slug);
  if (!options.includeUnpublished) query = query.where("status", "=", "published");
  const row = await query.executeTakeFirst();
  if (!row) return null;

  // The course's promotional packages (its product row, core/selling/course-product.ts; -1 or no row: unlimited):
  // once they are sold out the promotion is over, whatever its dates say.
  const packages = await db
    .selectFrom("products")
    .select(["promo_limit", "promo_sold"])
    .where("course_id", "=", row.id)
    .executeTakeFirst();
  const soldOut = packages !== undefined && packages.promo_limit >= 0 && packages.promo_sold >= packages.promo_limit;
  const promoActive = !soldOut && isPromoActive(row, now);
  const [sectionRows, lectureRows, history] = await Promise.all([
    db
      .selectFrom("course_sections")
      .select(["id", "title"])
      .where("course_id", "=", row.id)
      .orderBy("position")
      .orderBy("id")
      .execute(),
    db
      .selectFrom("lectures as l")
      .innerJoin("course_sections as s", "s.id", "l.section_id")
      .select(["l.id", "l.section_id", "l.title", "l.duration_minutes", "l.access"])
      .where("s.course_id", "=", row.id)
      .where("l.status", "=", "published")
      .orderBy("l.position")
      .orderBy("l.id")
      .execute(),
    promoActive
      ? db
          .selectFrom("course_price_changes")
          .select(["price_cents", "promo_price_cents", "promo_starts_at", "promo_ends_at", "changed_at"])
          .where("course_id", "=", row.id)
          .orderBy("changed_at")
          .orderBy("id")
          .execute()
      : Promise.resolve([]),
  ]);

  const sections: CurriculumSection[] = sectionRows.map((s) => ({ id: s.id, title: s.title, lectures: [] }));
  const byId = new Map(sections.map((s) => [s.id, s]));
  let totalMinutes = 0;
  for (const lecture of lectureRows) {
    byId.get(lecture.section_id)?.lectures.push({
      id: lecture.id,
      title: lecture.title,
      duration_minutes: lecture.duration_minutes,
      access: lecture.access,
    });
    totalMinutes += lecture.duration_minutes;
  }

  const promoStart = promoActive ? currentPromoStart(row, history, now) : null;
  return {
    course: {
      id: row.id,
      slug: row.slug,
      title: row.title,
      description: row.description,
      status: row.status,
      cover_image: row.cover_image,
      author_name: row.author_name,
      author_bio: row.author_bio,
      seo_title: row.seo_title,
      seo_description: row.seo_description,
      updated_at: row.updated_at,
    },
    // A section without a published lecture has nothing to show yet.
    sections: sections.filter((s) => s.lectures.length > 0),
    lecture_count: lectureRows.length,
    total_minutes: totalMinutes,
    price: {
      currency: row.currency,
      regular_cents: row.price_cents,
      promo_cents: promoActive ? row.promo_price_cents : null,
      promo_ends_at: promoActive ? row.promo_ends_at : null,
      lowest_30_days_cents: promoStart ? lowestPriceIn30Days(history, promoStart, row.price_cents) : null,
    },
    price_changes_at: nextPriceChangeAt(row, now),
  };
}

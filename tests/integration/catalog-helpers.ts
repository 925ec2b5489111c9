// Arranging catalog content for the catalog-* integration tests: courses with sections and lectures written
// straight into the server's database (as the authoring use-cases would, search text included), price history,
// reviews and access; every change bumps the catalog cache version, as the use-cases do in their transactions.
import { courseSearchText } from "#core/catalog/search-text.ts";
import { grantCourseAccess } from "#core/learning/course-access.ts";
import { bumpCacheVersion } from "#platform/cache/versions.ts";
import type { CourseStatus, LectureAccess, LectureStatus, ReviewStatus } from "#platform/db/schema.ts";
import type { TestServer } from "../helpers/test-server.ts";

export type LectureSpec = { title: string; minutes: number; access?: LectureAccess; status?: LectureStatus };

export type CourseSpec = {
  slug: string;
  title: string;
  description?: string;
  status?: CourseStatus;
  price_cents?: number;
  currency?: string;
  promo_price_cents?: number | null;
  promo_starts_at?: string | null;
  promo_ends_at?: string | null;
  cover_image?: string | null;
  author_name?: string;
  author_bio?: string;
  seo_title?: string;
  seo_description?: string;
  created_at?: string;
  sections?: { title: string; lectures: LectureSpec[] }[];
};

export async function bumpCatalog(server: TestServer): Promise<void> {
  await bumpCacheVersion(server.handle.db, "catalog");
}

export async function addCourse(server: TestServer, spec: CourseSpec): Promise<number> {
  const db = server.handle.db;
  const now = spec.created_at ?? new Date().toISOString();
  const description = spec.description ?? `About ${spec.title}`;
  const { id } = await db
    .insertInto("courses")
    .values({
      slug: spec.slug,
      title: spec.title,
      description,
      status: spec.status ?? "published",
      price_cents: spec.price_cents ?? 9900,
      currency: spec.currency ?? "EUR",
      promo_price_cents: spec.promo_price_cents ?? null,
      promo_starts_at: spec.promo_starts_at ?? null,
      promo_ends_at: spec.promo_ends_at ?? null,
      cover_image: spec.cover_image ?? null,
      author_name: spec.author_name ?? "",
      author_bio: spec.author_bio ?? "",
      seo_title: spec.seo_title ?? "",
      seo_description: spec.seo_description ?? "",
      search_text: courseSearchText({ title: spec.title, description }),
      published_at: (spec.status ?? "published") === "published" ? now : null,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const [position, section] of (spec.sections ?? []).entries()) {
    const { id: sectionId } = await db
      .insertInto("course_sections")
      .values({ course_id: id, title: section.title, position })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const [index, lecture] of section.lectures.entries()) {
      await db
        .insertInto("lectures")
        .values({
          section_id: sectionId,
          title: lecture.title,
          duration_minutes: lecture.minutes,
          access: lecture.access ?? "paid",
          status: lecture.status ?? "published",
          position: index,
          body: "",
        })
        .execute();
    }
  }
  await bumpCatalog(server);
  return id;
}

export async function addPriceChange(
  server: TestServer,
  courseId: number,
  change: {
    price_cents: number;
    promo_price_cents?: number | null;
    promo_starts_at?: string | null;
    promo_ends_at?: string | null;
    changed_at: string;
  },
): Promise<void> {
  await server.handle.db
    .insertInto("course_price_changes")
    .values({
      course_id: courseId,
      price_cents: change.price_cents,
      promo_price_cents: change.promo_price_cents ?? null,
      promo_starts_at: change.promo_starts_at ?? null,
      promo_ends_at: change.promo_ends_at ?? null,
      changed_at: change.changed_at,
    })
    .execute();
  await bumpCatalog(server);
}

export async function addReview(
  server: TestServer,
  courseId: number,
  review: {
    first_name: string;
    rating: number;
    status: ReviewStatus;
    title?: string;
    body?: string;
    created_at?: string;
  },
): Promise<number> {
  const { id } = await server.handle.db
    .insertInto("reviews")
    .values({
      course_id: courseId,
      user_id: null,
      first_name: review.first_name,
      rating: review.rating,
      title: review.title ?? "",
      body: review.body ?? `${review.first_name} says hello`,
      status: review.status,
      created_at: review.created_at ?? new Date().toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await bumpCatalog(server);
  return id;
}

export async function grantAccessByEmail(server: TestServer, email: string, courseId: number): Promise<void> {
  const db = server.handle.db;
  const user = await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
  await grantCourseAccess(db, { userId: user.id, courseId, endsAt: null, source: "admin", grantedBy: null });
}

/** The page's text as a reader sees it (React escapes apostrophes, quotes and ampersands). */
export function text(html: string): string {
  return html
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&nbsp;|\u00a0|\u202f/g, " ");
}

/** A day offset from now as ISO text. */
export function daysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString();
}

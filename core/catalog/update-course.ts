// PUT /home/courses/{courseId}: changes any of the course's fields. Fields left out keep their values (the
// publish and unpublish buttons send only the status); the whole course is then checked again, so a change
// cannot leave it inconsistent (a promo that ends before it starts, a promo price above the price).
// published_at is set on the first publish and kept after; a price change is recorded; search_text follows
// the title and description; the catalog's cache version moves in the same transaction.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { parseInput } from "../validation.ts";
import { type AuthoredCourse, authoredCourse, type CourseRow } from "./authored.ts";
import { requireCourse } from "./internal/records.ts";
import { objectInput } from "#core/shared/object-input.ts";
import { type CourseInput, courseSchema } from "./authoring-schemas.ts";
import { checkCoverImage } from "./check-cover-image.ts";
import { pricesChanged, recordPriceChange } from "./course-price-history.ts";
import { resolveCourseSlug, slugRaceToValidation } from "./course-slug.ts";
import { courseSearchText } from "./search-text.ts";
import type { Actor } from "../shared/actor.ts";
import { editablePath } from "./authorize-authoring.ts";

function currentInput(course: CourseRow): CourseInput {
  return {
    title: course.title,
    slug: course.slug,
    description: course.description,
    cover_image: course.cover_image,
    status: course.status,
    price_cents: course.price_cents,
    currency: course.currency as CourseInput["currency"],
    vat_rate: course.vat_rate,
    promo_price_cents: course.promo_price_cents,
    promo_starts_at: course.promo_starts_at,
    promo_ends_at: course.promo_ends_at,
    access_days: course.access_days,
    access_ends_at: course.access_ends_at,
    author_name: course.author_name,
    author_bio: course.author_bio,
    seo_title: course.seo_title,
    seo_description: course.seo_description,
  };
}

export async function updateCourse(
  db: Db,
  actor: Actor,
  courseIdInput: unknown,
  input: unknown,
): Promise<AuthoredCourse> {
  const { courseId } = editablePath(actor, { courseId: courseIdInput });
  return db.transaction().execute(async (trx) => {
    const current = await requireCourse(trx, courseId);
    const data = parseInput(courseSchema, { ...currentInput(current), ...objectInput(input) });
    await checkCoverImage(trx, data.cover_image, current.cover_image);
    const slug = await resolveCourseSlug(trx, { wanted: data.slug, title: data.title, courseId });
    const now = nowIso();
    const row = await trx
      .updateTable("courses")
      .set({
        ...data,
        slug,
        search_text: courseSearchText(data),
        published_at: current.published_at ?? (data.status === "published" ? now : null),
        updated_at: now,
      })
      .where("id", "=", courseId)
      .returningAll()
      .executeTakeFirstOrThrow()
      .catch(slugRaceToValidation);
    if (pricesChanged(current, row)) await recordPriceChange(trx, courseId, row, now);
    return authoredCourse(row);
  });
}

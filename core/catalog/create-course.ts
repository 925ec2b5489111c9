// POST /home/courses: a new course, a draft unless told otherwise. The slug comes from the title unless the
// author gave one; the currency defaults to the school's. The first price row is written with it, and the
// catalog's cache version moves in the same transaction.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { AppError } from "../errors.ts";
import type { Actor } from "../shared/actor.ts";
import { parseInput } from "../validation.ts";
import { authorizeAuthoring } from "./authorize-authoring.ts";
import { type AuthoredCourse, authoredCourse } from "./authored.ts";
import { objectInput } from "#core/shared/object-input.ts";
import { courseSchema } from "./authoring-schemas.ts";
import { checkCoverImage } from "./check-cover-image.ts";
import { recordPriceChange } from "./course-price-history.ts";
import { resolveCourseSlug, slugRaceToValidation } from "./course-slug.ts";
import { courseSearchText } from "./search-text.ts";

export async function createCourse(
  db: Db,
  actor: Actor,
  input: unknown,
  /** the school's currency and VAT default (null before setup) */
  defaults: { currency: string; vat_rate: number } | null,
): Promise<AuthoredCourse> {
  authorizeAuthoring(actor);
  if (!defaults) throw new AppError("setup_required");
  const data = parseInput(courseSchema, {
    currency: defaults.currency,
    vat_rate: defaults.vat_rate,
    ...objectInput(input),
  });
  return db.transaction().execute(async (trx) => {
    await checkCoverImage(trx, data.cover_image);
    const slug = await resolveCourseSlug(trx, { wanted: data.slug, title: data.title });
    const now = nowIso();
    const row = await trx
      .insertInto("courses")
      .values({
        ...data,
        slug,
        search_text: courseSearchText(data),
        published_at: data.status === "published" ? now : null,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
      .catch(slugRaceToValidation);
    await recordPriceChange(trx, row.id, row, now);
    return authoredCourse(row);
  });
}

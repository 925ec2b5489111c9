// POST /home/articles: a new article, a draft unless told otherwise, checked with the shared schema; its cover an
// image that was uploaded, its slug free (from the title when left empty). Published without a date, it gets the
// moment it is published; a date in the future schedules it. The catalog's cache version moves with the write
// (migration 0033), so the cached article pages are renewed.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { objectInput } from "#core/shared/object-input.ts";
import { checkCoverImage } from "../catalog/check-cover-image.ts";
import { slugRaceToValidation } from "../catalog/course-slug.ts";
import { parseInput } from "../validation.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { type AdminArticle, adminArticle } from "./article-records.ts";
import { resolveArticleSlug } from "./article-slug.ts";
import { canManageArticles } from "./policies.ts";
import { articleSchema } from "./schemas.ts";

export async function createArticle(db: Db, actor: Actor, input: unknown, now = nowIso()): Promise<AdminArticle> {
  authorize(actor, canManageArticles(actor));
  const data = parseInput(articleSchema, objectInput(input));
  return db.transaction().execute(async (trx) => {
    await checkCoverImage(trx, data.cover_image);
    const slug = await resolveArticleSlug(trx, { wanted: data.slug, title: data.title });
    const row = await trx
      .insertInto("articles")
      .values({
        ...data,
        slug,
        published_at: data.published_at ?? (data.status === "published" ? now : null),
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
      .catch(slugRaceToValidation);
    return adminArticle(row, now);
  });
}

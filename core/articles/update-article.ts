// PUT /home/articles/{id}: changes any of an article's fields (fields left out keep their values, so the cover
// image box can save just the image); the whole article is then checked again. Publishing without a date gives
// it the moment it is published. The catalog's cache version moves with the write (migration 0033).
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { objectInput } from "#core/shared/object-input.ts";
import { checkCoverImage } from "../catalog/check-cover-image.ts";
import { slugRaceToValidation } from "../catalog/course-slug.ts";
import { parseInput } from "../validation.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { pathId } from "../shared/path-id.ts";
import { type AdminArticle, adminArticle, requireArticle } from "./article-records.ts";
import { resolveArticleSlug } from "./article-slug.ts";
import { canManageArticles } from "./policies.ts";
import { type ArticleInput, articleSchema } from "./schemas.ts";

/** Fields left out keep their values, so the cover image box can save just the image. */
export async function updateArticle(
  db: Db,
  actor: Actor,
  articleIdInput: unknown,
  input: unknown,
  now = nowIso(),
): Promise<AdminArticle> {
  // The refusal first, whatever the id (401 / 403); then a malformed or unknown id is a 404.
  authorize(actor, canManageArticles(actor));
  const articleId = pathId(articleIdInput);
  const body = objectInput(input);
  return db.transaction().execute(async (trx) => {
    const current = await requireArticle(trx, articleId);
    const currentInput: ArticleInput = {
      title: current.title,
      slug: current.slug,
      body: current.body,
      cover_image: current.cover_image,
      author_name: current.author_name,
      published_at: current.published_at,
      seo_title: current.seo_title,
      seo_description: current.seo_description,
      visibility: current.visibility,
      status: current.status,
    };
    const data = parseInput(articleSchema, { ...currentInput, ...body });
    await checkCoverImage(trx, data.cover_image, current.cover_image);
    const slug = await resolveArticleSlug(trx, { wanted: data.slug, title: data.title, articleId });
    const row = await trx
      .updateTable("articles")
      .set({
        ...data,
        slug,
        published_at: data.published_at ?? (data.status === "published" ? now : null),
        updated_at: now,
      })
      .where("id", "=", articleId)
      .returningAll()
      .executeTakeFirstOrThrow()
      .catch(slugRaceToValidation);
    return adminArticle(row, now);
  });
}

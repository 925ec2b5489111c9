// An article lives at /articles/{slug}: one URL segment by the course slug rules (core/catalog/course-slug.ts),
// unique among articles. Articles have their own path, so a course or product may share the words.
import type { Db } from "#platform/db/connection.ts";
import { SLUG_MAX, slugify } from "../catalog/course-slug.ts";
import { fieldError } from "../errors.ts";

async function isArticleSlugTaken(db: Db, slug: string, exceptArticleId?: number): Promise<boolean> {
  let query = db.selectFrom("articles").select("id").where("slug", "=", slug);
  if (exceptArticleId !== undefined) query = query.where("id", "!=", exceptArticleId);
  return Boolean(await query.executeTakeFirst());
}

/**
 * The slug an article is saved with: the admin's own (normalised; a 422 on "slug" when another article has it),
 * or, left empty, the title's, with "-2", "-3"... when taken ("article" for a title of symbols).
 */
export async function resolveArticleSlug(
  db: Db,
  options: { wanted: string; title: string; articleId?: number },
): Promise<string> {
  const wanted = slugify(options.wanted);
  if (wanted) {
    if (await isArticleSlugTaken(db, wanted, options.articleId)) throw fieldError("slug", "validation:unique");
    return wanted;
  }
  const base = slugify(options.title) || "article";
  for (let n = 1; n < 1000; n++) {
    const suffix = n === 1 ? "" : `-${n}`;
    const candidate = `${base.slice(0, SLUG_MAX - suffix.length).replace(/-+$/, "")}${suffix}`;
    if (!(await isArticleSlugTaken(db, candidate, options.articleId))) return candidate;
  }
  return `${base.slice(0, SLUG_MAX - 9)}-${Date.now().toString(36)}`;
}

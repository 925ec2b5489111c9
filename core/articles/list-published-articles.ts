// /articles: the articles on show (published, their date come), newest first, a page at a time; and the next
// scheduled article's date, when the cached list must be rendered anew though nothing was written. The body is
// handed out only for public articles (a card's excerpt); the others show their SEO description or nothing.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import type { ArticleVisibility } from "#platform/db/schema.ts";
import { ARTICLES_PER_PAGE } from "./schemas.ts";

export type ArticleSummary = {
  id: number;
  slug: string;
  title: string;
  cover_image: string | null;
  author_name: string;
  published_at: string;
  visibility: ArticleVisibility;
  /** the SEO description, or for a public article its body (markdown), to make an excerpt of */
  summary: string;
};

function onShow(db: Db, now: string) {
  return db.selectFrom("articles").where("status", "=", "published").where("published_at", "<=", now);
}

/** The earliest publication date still to come (null: none scheduled). */
export async function nextScheduledArticle(db: Db, now: string): Promise<string | null> {
  const next = await db
    .selectFrom("articles")
    .select("published_at")
    .where("status", "=", "published")
    .where("published_at", ">", now)
    .orderBy("published_at")
    .limit(1)
    .executeTakeFirst();
  return next?.published_at ?? null;
}

export async function listPublishedArticles(
  db: Db,
  options: { page?: number; perPage?: number; visibility?: ArticleVisibility; now?: string } = {},
): Promise<{ articles: ArticleSummary[]; page: number; pages: number; next_publication_at: string | null }> {
  const now = options.now ?? nowIso();
  const perPage = options.perPage ?? ARTICLES_PER_PAGE;
  let counted = onShow(db, now).select((eb) => eb.fn.countAll<number>().as("count"));
  if (options.visibility) counted = counted.where("visibility", "=", options.visibility);
  const total = Number((await counted.executeTakeFirstOrThrow()).count);
  const pages = Math.max(1, Math.ceil(total / perPage));
  const page = Math.min(Math.max(1, Math.floor(options.page ?? 1)), pages);
  let query = onShow(db, now)
    .select([
      "id",
      "slug",
      "title",
      "cover_image",
      "author_name",
      "published_at",
      "visibility",
      "seo_description",
      "body",
    ])
    .orderBy("published_at", "desc")
    .orderBy("id", "desc")
    .limit(perPage)
    .offset((page - 1) * perPage);
  if (options.visibility) query = query.where("visibility", "=", options.visibility);
  const rows = await query.execute();
  return {
    articles: rows.map(({ seo_description, body, published_at, ...row }) => ({
      ...row,
      published_at: published_at!,
      summary: seo_description || (row.visibility === "public" ? body : ""),
    })),
    page,
    pages,
    next_publication_at: await nextScheduledArticle(db, now),
  };
}

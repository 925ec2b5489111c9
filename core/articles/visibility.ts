// When an article shows and who reads its body (issue 16, item 5). Pure, so it is unit-tested with any "now":
// a published article is shown from its publication date on (a later date schedules it; the pages' cache expires
// at that moment, see list-published-articles.ts); a draft never is. The body of a "students" article is for
// anyone logged in, of a "members" article for those with a live membership; the school's admins read all.
import type { ArticleStatus, ArticleVisibility } from "#platform/db/schema.ts";

export type ArticleTiming = { status: ArticleStatus; published_at: string | null };

/** What the admin list says: a draft, a published article waiting for its date, or one on show. */
export type ArticleState = "draft" | "scheduled" | "published";

export function articleState(article: ArticleTiming, now: string): ArticleState {
  if (article.status !== "published" || article.published_at === null) return "draft";
  return Date.parse(article.published_at) > Date.parse(now) ? "scheduled" : "published";
}

/** Shown to visitors (the list, its page, the feed, the sitemap): published, and its date has come. */
export function isArticleLive(article: ArticleTiming, now: string): boolean {
  return articleState(article, now) === "published";
}

export type ArticleReader = { signedIn: boolean; admin: boolean; member: boolean };

/**
 * What stands between a reader and the body: nothing, logging in (a students' article), or a membership (a
 * members' article, whether the reader is logged in or not: the page offers the plans and a log-in link).
 */
export function bodyBarrier(visibility: ArticleVisibility, reader: ArticleReader): "none" | "login" | "membership" {
  if (reader.admin || visibility === "public") return "none";
  if (visibility === "students") return reader.signedIn ? "none" : "login";
  return reader.signedIn && reader.member ? "none" : "membership";
}

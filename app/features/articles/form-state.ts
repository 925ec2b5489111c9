// The article editor's form state and the call body made from it. The publication date is typed on the school's
// clock (its time zone, a datetime-local input) and sent as UTC. Pure: unit-tested.
import type { AdminArticle } from "#core/articles/article-records.ts";
import type { ArticleVisibilityValue } from "#core/articles/schemas.ts";
import { utcToZoned, zonedToUtc } from "#platform/i18n/time-zone.ts";

export type ArticleFormState = {
  title: string;
  slug: string;
  body: string;
  cover_image: string | null;
  author_name: string;
  /** "YYYY-MM-DDTHH:mm" in the school's time zone, or "" */
  published_at: string;
  seo_title: string;
  seo_description: string;
  visibility: ArticleVisibilityValue;
  status: "draft" | "published";
};

export function initialArticleState(
  article: AdminArticle | null,
  defaults: { authorName: string; timeZone: string },
): ArticleFormState {
  return {
    title: article?.title ?? "",
    slug: article?.slug ?? "",
    body: article?.body ?? "",
    cover_image: article?.cover_image ?? null,
    author_name: article ? article.author_name : defaults.authorName,
    published_at: article?.published_at ? utcToZoned(article.published_at, defaults.timeZone) : "",
    seo_title: article?.seo_title ?? "",
    seo_description: article?.seo_description ?? "",
    visibility: article?.visibility ?? "public",
    status: article?.status ?? "draft",
  };
}

export function articleBody(state: ArticleFormState, timeZone: string): Record<string, unknown> {
  return {
    ...state,
    // Not a wall-clock time: sent as typed, for the server to refuse.
    published_at: state.published_at ? (zonedToUtc(state.published_at, timeZone) ?? state.published_at) : null,
  };
}

// The article editor's form and calls (/home/articles, issue 16 item 5): title and address (/articles/{slug}), the
// body in markdown, a cover image, the author's name, the publication date (a later one schedules the article),
// the SEO title and description (hints of 70 and 150 characters, §9), who may read the body and the status.
// Shared by the React editor (checked before sending) and the JSON API (checked again). Pure: importable by the
// client.
import { z } from "zod";
import { DESCRIPTION_MAX, SEO_DESCRIPTION_MAX, SEO_TITLE_MAX, TITLE_MAX } from "../catalog/authoring-schemas.ts";
import { optionalMoment, textOrNull } from "#core/shared/zod-fields.ts";

export {
  SEO_DESCRIPTION_HINT,
  SEO_DESCRIPTION_MAX,
  SEO_TITLE_HINT,
  SEO_TITLE_MAX,
} from "../catalog/authoring-schemas.ts";

export const ARTICLE_TITLE_MAX = TITLE_MAX;
export const ARTICLE_BODY_MAX = DESCRIPTION_MAX;
export const AUTHOR_NAME_MAX = 120;
/** Articles per page of /articles. */
export const ARTICLES_PER_PAGE = 12;

/** Who may read an article's body: everyone, anyone logged in, or those with a live membership. */
export const articleVisibilities = ["public", "students", "members"] as const;
/** A published article is shown from its publication date; before it, it is "scheduled". */
export const articleStatuses = ["draft", "published"] as const;

export type ArticleVisibilityValue = (typeof articleVisibilities)[number];

export const articleSchema = z.object({
  title: z.string().trim().min(1).max(ARTICLE_TITLE_MAX),
  /** empty: generated from the title; otherwise normalised with slugify (article-slug.ts) */
  slug: z.string().trim().max(200).default(""),
  /** markdown */
  body: z.string().max(ARTICLE_BODY_MAX).default(""),
  /** storage key of an uploaded image */
  cover_image: textOrNull(300),
  author_name: z.string().trim().max(AUTHOR_NAME_MAX).default(""),
  /** empty: the moment it is first published */
  published_at: optionalMoment("start"),
  seo_title: z.string().trim().max(SEO_TITLE_MAX).default(""),
  seo_description: z.string().trim().max(SEO_DESCRIPTION_MAX).default(""),
  visibility: z.enum(articleVisibilities).default("public"),
  status: z.enum(articleStatuses).default("draft"),
});

export type ArticleInput = z.input<typeof articleSchema>;
export type ArticleFields = z.output<typeof articleSchema>;

// An article as a card of /articles: its cover (a placeholder when it has none), title linking to its page, the
// date in the school's language, the author, who may read it and an excerpt. The loader formats everything once.
import { Link } from "react-router";
import type { ArticleVisibility } from "#platform/db/schema.ts";
import { useT } from "#app/lib/i18n.tsx";
import { CoverImage } from "#app/features/catalog/course-card.tsx";
import { ArticleReadersBadge } from "./badges.tsx";

export type ArticleCardData = {
  slug: string;
  title: string;
  cover: string | null;
  date: string;
  /** ISO-8601, for <time datetime> */
  datetime: string;
  author: string;
  visibility: ArticleVisibility;
  excerpt: string;
};

export function ArticleCard({ article }: { article: ArticleCardData }) {
  const t = useT();
  return (
    <article
      className="relative flex h-full flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-gray-200 transition-shadow focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-md"
      data-article={article.slug}
    >
      <CoverImage src={article.cover} className="aspect-[16/10] w-full bg-brand-50 object-cover" />
      <div className="flex flex-1 flex-col gap-2 p-5">
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted">
          <time dateTime={article.datetime}>{article.date}</time>
          <ArticleReadersBadge visibility={article.visibility} />
        </p>
        <h2 className="text-lg leading-snug font-semibold break-words">
          <Link
            to={`/articles/${article.slug}`}
            className="after:absolute after:inset-0 after:rounded-xl focus:outline-none"
          >
            {article.title}
          </Link>
        </h2>
        {article.excerpt && <p className="text-sm text-muted">{article.excerpt}</p>}
        {article.author && (
          <p className="mt-auto pt-2 text-sm font-medium text-ink">
            {t("articles:by_author", { name: article.author })}
          </p>
        )}
      </div>
    </article>
  );
}

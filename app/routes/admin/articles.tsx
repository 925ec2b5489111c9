// /home/articles: the school's articles (issue 16, item 5), newest first, each with its state (draft, scheduled,
// published), its publication date on the school's clock and who may read it. The way to a new article.
import { Link } from "react-router";
import { Newspaper, Plus } from "lucide-react";
import { listArticles } from "#core/articles/list-articles.ts";
import { formatDateTime } from "#platform/i18n/format.ts";
import { pageContext } from "#server/page-context.ts";
import { useT } from "#app/lib/i18n.tsx";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { ArticleReadersBadge, ArticleStateBadge } from "#app/features/articles/badges.tsx";
import { buttonClass } from "#app/ui/button.tsx";
import { EmptyState } from "#app/ui/empty-state.tsx";
import type { Route } from "./+types/articles.ts";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches[0]?.loaderData, "articles:admin_title");
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services, request: ctx } = context.get(pageContext);
  const articles = await listArticles(services.db, ctx.actor);
  return {
    articles: articles.map((article) => ({
      id: article.id,
      title: article.title,
      path: `/articles/${article.slug}`,
      state: article.state,
      visibility: article.visibility,
      date: article.published_at ? formatDateTime(article.published_at, ctx.lang, ctx.school?.time_zone) : null,
    })),
  };
}

export default function ArticlesPage({ loaderData: { articles } }: Route.ComponentProps) {
  const t = useT();
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">{t("articles:admin_title")}</h1>
          <p className="mt-1 max-w-2xl text-muted">{t("articles:admin_intro")}</p>
        </div>
        <Link to="/home/articles/new" className={buttonClass("primary")}>
          <Plus aria-hidden className="size-4" />
          {t("articles:new_article")}
        </Link>
      </div>

      {articles.length === 0 ? (
        <EmptyState icon={Newspaper} title={t("articles:none")} text={t("articles:none_text")} />
      ) : (
        <ul
          aria-label={t("articles:admin_title")}
          className="divide-y divide-gray-100 rounded-xl bg-white shadow-sm ring-1 ring-gray-200"
        >
          {articles.map((article) => (
            <li
              key={article.id}
              data-article-id={article.id}
              className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:gap-4 sm:px-5"
            >
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <Link
                    to={`/home/articles/${article.id}`}
                    className="font-semibold break-words text-brand-700 underline-offset-4 hover:underline"
                  >
                    {article.title}
                  </Link>
                  <ArticleStateBadge state={article.state} />
                  <ArticleReadersBadge visibility={article.visibility} />
                </div>
                <p className="mt-0.5 text-sm break-all text-muted">{article.path}</p>
              </div>
              <dl className="text-sm sm:w-48 sm:shrink-0">
                <dt className="text-xs text-muted">{t("articles:col_date")}</dt>
                <dd className="font-medium tabular-nums" data-testid="article-date">
                  {article.date ?? t("articles:no_date")}
                </dd>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

// /articles: the school's articles on show (published, their date come), newest first, 12 a page (?page=2...),
// as cards. Anonymous visitors get the first page from the rendered-page cache: a write to an article renews it
// (the catalog version, migration 0033), and a scheduled article's date ends it, so the article appears on time.
import { Newspaper, Rss } from "lucide-react";
import { listPublishedArticles } from "#core/articles/list-published-articles.ts";
import { coverPhotoUrl } from "#core/catalog/cover-photo.ts";
import { formatDate } from "#platform/i18n/format.ts";
import { translator } from "#platform/i18n/index.ts";
import { type PageCacheHandle, pageCacheHints } from "#server/page-cache-hints.ts";
import { pageContext } from "#server/page-context.ts";
import { useT } from "#app/lib/i18n.tsx";
import { ArticleCard } from "#app/features/articles/article-card.tsx";
import { excerpt } from "#app/features/catalog/course-card-data.ts";
import { EmptyState } from "#app/ui/empty-state.tsx";
import { Pager } from "#app/ui/pager.tsx";
import type { Route } from "./+types/index.ts";

export const handle: PageCacheHandle = { pageCache: true };

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const root = matches[0]?.loaderData;
  const t = translator(root?.lang ?? "en");
  const school = root?.school?.name ?? "Studium";
  return [
    { title: `${t("articles:list_title")} · ${school}` },
    { name: "description", content: t("articles:list_intro") },
    ...(loaderData ? [{ tagName: "link", rel: "canonical", href: loaderData.url }] : []),
    {
      tagName: "link",
      rel: "alternate",
      type: "application/rss+xml",
      title: t("articles:feed_title", { school }),
      href: "/articles/rss.xml",
    },
  ];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const { request: ctx, services } = context.get(pageContext);
  const asked = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const list = await listPublishedArticles(services.db, { page: Number.isFinite(asked) ? asked : 1 });
  context.get(pageCacheHints).validUntil(list.next_publication_at);
  return {
    url: `${ctx.baseUrl}/articles${list.page > 1 ? `?page=${list.page}` : ""}`,
    page: list.page,
    pages: list.pages,
    articles: list.articles.map((article) => ({
      slug: article.slug,
      title: article.title,
      cover: coverPhotoUrl(article.cover_image),
      date: formatDate(article.published_at, ctx.lang, ctx.school?.time_zone),
      datetime: article.published_at,
      author: article.author_name,
      visibility: article.visibility,
      excerpt: excerpt(article.summary, 160),
    })),
  };
}

export default function Articles({ loaderData: { articles, page, pages } }: Route.ComponentProps) {
  const t = useT();
  const link = "inline-flex items-center gap-1 font-medium text-brand-700 underline-offset-4 hover:underline";
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:py-12">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t("articles:list_title")}</h1>
          <p className="mt-2 text-lg text-muted">{t("articles:list_intro")}</p>
        </div>
        <a href="/articles/rss.xml" className={link}>
          <Rss aria-hidden className="size-4" />
          {t("articles:rss")}
        </a>
      </div>
      {articles.length === 0 ? (
        <EmptyState className="mt-6" icon={Newspaper} title={t("articles:list_empty")} />
      ) : (
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="article-list">
          {articles.map((article) => (
            <li key={article.slug}>
              <ArticleCard article={article} />
            </li>
          ))}
        </ul>
      )}
      <div className="mt-10">
        <Pager
          page={page}
          pages={pages}
          hrefFor={(n) => (n === 1 ? "/articles" : `/articles?page=${n}`)}
          label={t("articles:pagination")}
          previousLabel={t("articles:newer")}
          nextLabel={t("articles:older")}
        />
      </div>
    </div>
  );
}

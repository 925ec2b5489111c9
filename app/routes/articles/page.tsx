// /articles/{slug}: an article (issue 16, item 5): its cover (1280 × 800), title, date in the school's language,
// author and body (markdown, the lectures' safe renderer). A students' article shows a visitor the title and a
// log-in prompt, a members' article shows anyone without a live membership the title, the open plans and a log-in
// link; never the body. Drafts and scheduled articles are a 404 but for admins (a banner, noindex). Search
// engines get the title, description, canonical address, Open Graph and Twitter cards with the cover and the
// schema.org Article; the feed is linked from the head. Anonymous visitors get it from the rendered-page cache.
import { Link } from "react-router";
import { ArrowLeft, Lock } from "lucide-react";
import { getArticlePage } from "#core/articles/get-article-page.ts";
import { coverPhotoUrl } from "#core/catalog/cover-photo.ts";
import { AppError } from "#core/errors.ts";
import { listOpenPlans } from "#core/memberships/list-open-plans.ts";
import { formatDate, formatDateTime } from "#platform/i18n/format.ts";
import type { PageCacheHandle } from "#server/page-cache-hints.ts";
import { pageContext } from "#server/page-context.ts";
import { useT } from "#app/lib/i18n.tsx";
import { ArticleReadersBadge } from "#app/features/articles/badges.tsx";
import { excerpt } from "#app/features/catalog/course-card-data.ts";
import { saleMeta } from "#app/features/catalog/sale-meta.ts";
import { RenderedMarkdown } from "#app/features/learning/components/markdown-text.tsx";
import { renderMarkdown } from "#app/features/learning/components/rendered-markdown.server.tsx";
import { SubscribePlans } from "#app/features/memberships/subscribe-button.tsx";
import { subscribePlansView } from "#app/features/memberships/subscribe-plans-view.ts";
import { articleJsonLd } from "#app/features/seo/structured-data.ts";
import { buttonClass } from "#app/ui/button.tsx";
import type { Route } from "./+types/page.ts";

export const handle: PageCacheHandle = { pageCache: true };

const SEO_DESCRIPTION_LENGTH = 150;

export async function loader({ context, params }: Route.LoaderArgs) {
  const { request: ctx, services } = context.get(pageContext);
  const db = services.db;
  const page = await getArticlePage(db, ctx.actor, params.slug);
  if (!page) throw new AppError("not_found");
  const { article } = page;
  const cover = coverPhotoUrl(article.cover_image);
  const url = `${ctx.baseUrl}/articles/${article.slug}`;
  const published = article.published_at ?? article.updated_at;
  return {
    article: {
      slug: article.slug,
      title: article.title,
      author: article.author_name,
      visibility: article.visibility,
      cover,
      date: formatDate(published, ctx.lang, ctx.school?.time_zone),
      datetime: published,
      html: page.body === null ? null : await renderMarkdown(db, page.body),
    },
    state: page.state,
    scheduledFor: page.state === "scheduled" ? formatDateTime(published, ctx.lang, ctx.school?.time_zone) : null,
    barrier: page.barrier,
    plans: page.barrier === "membership" ? subscribePlansView(await listOpenPlans(db), ctx.lang) : [],
    signedIn: Boolean(ctx.user),
    seo: {
      title: article.seo_title || article.title,
      // a locked article's body is not described: only its own SEO description is
      description:
        article.seo_description ||
        (page.barrier === "none" && article.visibility === "public"
          ? excerpt(page.body ?? "", SEO_DESCRIPTION_LENGTH)
          : ""),
      url,
      image: cover ? `${ctx.baseUrl}${cover}` : null,
      siteName: ctx.school?.name ?? "Studium",
      siteUrl: ctx.baseUrl,
      lang: ctx.lang,
      published,
      modified: article.updated_at,
    },
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return matches[0]?.meta ?? [];
  const { seo, article, state } = loaderData;
  return [
    ...saleMeta(seo, {
      title: `${seo.title} · ${seo.siteName}`,
      type: "article",
      published: state === "published",
      jsonLd: articleJsonLd({
        title: article.title,
        description: seo.description,
        url: seo.url,
        image: seo.image,
        author: article.author,
        published: seo.published,
        modified: seo.modified,
        school: seo.siteName,
        siteUrl: seo.siteUrl,
      }),
    }),
    { property: "article:published_time", content: seo.published },
    {
      tagName: "link",
      rel: "alternate",
      type: "application/rss+xml",
      title: seo.siteName,
      href: "/articles/rss.xml",
    },
  ];
}

type Data = Route.ComponentProps["loaderData"];

function Locked({ data }: { data: Data }) {
  const t = useT();
  const next = encodeURIComponent(`/articles/${data.article.slug}`);
  const login = data.barrier === "login";
  return (
    <section
      aria-labelledby="locked-title"
      className="mt-8 flex flex-col gap-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-200 sm:p-8"
      data-testid="article-locked"
    >
      <div className="flex items-start gap-3">
        <Lock aria-hidden className="mt-1 size-5 shrink-0 text-brand-700" />
        <div>
          <h2 id="locked-title" className="text-xl font-semibold">
            {t(login ? "articles:locked_login_title" : "articles:locked_membership_title")}
          </h2>
          <p className="mt-1 text-muted">
            {t(login ? "articles:locked_login_text" : "articles:locked_membership_text")}
          </p>
        </div>
      </div>
      {!data.signedIn && (
        <div className="flex flex-wrap gap-3">
          <Link to={`/login?next=${next}`} className={buttonClass("primary")}>
            {t("articles:log_in")}
          </Link>
          {login && (
            <Link to={`/register?next=${next}`} className={buttonClass("secondary")}>
              {t("articles:register")}
            </Link>
          )}
        </div>
      )}
      {!login && <SubscribePlans plans={data.plans} />}
    </section>
  );
}

export default function ArticlePage({ loaderData: data }: Route.ComponentProps) {
  const t = useT();
  const { article } = data;
  return (
    <article className="mx-auto max-w-3xl px-4 py-8 sm:py-12" data-article-page={article.slug}>
      {data.state !== "published" && (
        <p className="mb-6 rounded-lg bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900 ring-1 ring-amber-200">
          {data.state === "draft"
            ? t("articles:preview_draft")
            : t("articles:preview_scheduled", { date: data.scheduledFor })}
        </p>
      )}
      <Link
        to="/articles"
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
      >
        <ArrowLeft aria-hidden className="size-4" />
        {t("articles:all_articles_link")}
      </Link>
      <header className="mt-4">
        <h1 className="text-3xl font-bold tracking-tight break-words sm:text-4xl">{article.title}</h1>
        <p className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-muted">
          <time dateTime={article.datetime}>{article.date}</time>
          {article.author && (
            <>
              <span aria-hidden>·</span>
              <span>{t("articles:by_author", { name: article.author })}</span>
            </>
          )}
          <ArticleReadersBadge visibility={article.visibility} />
        </p>
      </header>
      {article.cover && (
        <img
          src={article.cover}
          alt=""
          width={1280}
          height={800}
          decoding="async"
          fetchPriority="high"
          className="mt-6 aspect-[16/10] w-full rounded-xl bg-brand-50 object-cover"
        />
      )}
      {article.html !== null ? (
        <div className="mt-8" data-testid="article-body">
          <RenderedMarkdown html={article.html} />
        </div>
      ) : (
        <Locked data={data} />
      )}
    </article>
  );
}

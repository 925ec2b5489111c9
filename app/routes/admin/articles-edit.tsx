// /home/articles/{articleId}: one article's editor, its state (draft, scheduled, published), a link to its page
// (admins see drafts and scheduled articles there too) and deleting it.
import { Link, useRevalidator } from "react-router";
import { ChevronLeft, ExternalLink } from "lucide-react";
import { getEditedArticle } from "#core/articles/get-edited-article.ts";
import { pageContext } from "#server/page-context.ts";
import { useT } from "#app/lib/i18n.tsx";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { ArticleForm } from "#app/features/articles/article-form.tsx";
import { ArticleReadersBadge, ArticleStateBadge } from "#app/features/articles/badges.tsx";
import { DeleteArticle } from "#app/features/articles/delete-article.tsx";
import { buttonClass } from "#app/ui/button.tsx";
import type { Route } from "./+types/articles-edit.ts";

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const tags = adminMeta(matches[0]?.loaderData, "articles:edit_article");
  if (!loaderData) return tags;
  const school = matches[0]?.loaderData?.school?.name ?? "Studium";
  return [{ title: `${loaderData.article.title} · ${school}` }, ...tags.slice(1)];
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const { services, request: ctx } = context.get(pageContext);
  const article = await getEditedArticle(services.db, ctx.actor, params.articleId);
  return { article, authorName: ctx.user?.name ?? "" };
}

export default function EditArticlePage({ loaderData: { article, authorName } }: Route.ComponentProps) {
  const t = useT();
  const revalidator = useRevalidator();
  const page = `/articles/${article.slug}`;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <Link
        to="/home/articles"
        className="inline-flex items-center gap-1 self-start text-sm font-medium text-brand-700 hover:underline"
      >
        <ChevronLeft aria-hidden className="size-4" />
        {t("articles:all_articles")}
      </Link>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold break-words sm:text-3xl">{article.title}</h1>
          <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-muted">
            <ArticleStateBadge state={article.state} />
            <ArticleReadersBadge visibility={article.visibility} />
            <span className="break-all">{page}</span>
          </div>
        </div>
        <a href={page} target="_blank" rel="noopener" className={buttonClass("secondary", "sm:shrink-0")}>
          <ExternalLink aria-hidden className="size-4" />
          {t("articles:view_page")}
          <span className="sr-only">{t("articles:opens_in_new_tab")}</span>
        </a>
      </div>
      <ArticleForm
        key={article.id}
        article={article}
        authorName={authorName}
        onSaved={() => void revalidator.revalidate()}
      />
      <DeleteArticle article={article} />
    </div>
  );
}

// /home/articles/new: a new article (a draft unless published); the form opens its editor once it is created.
import { Link } from "react-router";
import { ChevronLeft } from "lucide-react";
import { canManageArticles } from "#core/articles/policies.ts";
import { authorize } from "#core/shared/actor.ts";
import { pageContext } from "#server/page-context.ts";
import { useT } from "#app/lib/i18n.tsx";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { ArticleForm } from "#app/features/articles/article-form.tsx";
import type { Route } from "./+types/articles-new.ts";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches[0]?.loaderData, "articles:new_article");
}

export async function loader({ context }: Route.LoaderArgs) {
  const { request: ctx } = context.get(pageContext);
  authorize(ctx.actor, canManageArticles(ctx.actor));
  return { authorName: ctx.user?.name ?? "" };
}

export default function NewArticlePage({ loaderData: { authorName } }: Route.ComponentProps) {
  const t = useT();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <Link
        to="/home/articles"
        className="inline-flex items-center gap-1 self-start text-sm font-medium text-brand-700 hover:underline"
      >
        <ChevronLeft aria-hidden className="size-4" />
        {t("articles:all_articles")}
      </Link>
      <h1 className="text-2xl font-bold sm:text-3xl">{t("articles:new_article")}</h1>
      <ArticleForm article={null} authorName={authorName} />
    </div>
  );
}

// /home/community/new: a new community topic (POST /home/community; a plain form before hydration). Saved, it
// goes last in the list.
import { Link, useLocation } from "react-router";
import { ArrowLeft } from "lucide-react";
import { listTopicProductOptions } from "#core/community/list-topic-product-options.ts";
import { pageContext } from "#server/page-context.ts";
import { useT } from "#app/lib/i18n.tsx";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { communityErrorFromQuery, queryErrorValues } from "#app/features/community-admin/page-data.ts";
import { TopicForm } from "#app/features/community-admin/topic-form.tsx";
import type { Route } from "./+types/community-new.ts";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches[0]?.loaderData, "community_admin:new_topic");
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services, request: ctx } = context.get(pageContext);
  return { products: await listTopicProductOptions(services.db, ctx.actor) };
}

export default function NewTopicPage({ loaderData: { products } }: Route.ComponentProps) {
  const t = useT();
  const location = useLocation();
  const error = communityErrorFromQuery(location.search);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <Link
        to="/home/community"
        className="inline-flex items-center gap-1 self-start text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
      >
        <ArrowLeft aria-hidden className="size-4" />
        {t("community_admin:back")}
      </Link>
      <h1 className="text-2xl font-bold sm:text-3xl">{t("community_admin:new_topic")}</h1>
      <TopicForm topic={null} products={products} queryError={error ? t(error, queryErrorValues(error)) : undefined} />
    </div>
  );
}

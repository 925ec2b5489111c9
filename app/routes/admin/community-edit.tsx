// /home/community/:topicId: one topic's editor (PUT /home/community/{id}; a plain form post before hydration):
// its title, description, whether students may post, public or restricted and its products; and deleting it.
import { useEffect } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { ArrowLeft } from "lucide-react";
import { getAdminTopic } from "#core/community/get-admin-topic.ts";
import { listTopicProductOptions } from "#core/community/list-topic-product-options.ts";
import { pageContext } from "#server/page-context.ts";
import { useT } from "#app/lib/i18n.tsx";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { DeleteTopic } from "#app/features/community-admin/delete-topic.tsx";
import { communityErrorFromQuery, queryErrorValues } from "#app/features/community-admin/page-data.ts";
import { TopicForm } from "#app/features/community-admin/topic-form.tsx";
import { toast } from "#app/ui/toast.tsx";
import type { Route } from "./+types/community-edit.ts";

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const tags = adminMeta(matches[0]?.loaderData, "community_admin:edit_title");
  if (!loaderData) return tags;
  const school = matches[0]?.loaderData?.school?.name ?? "Studium";
  return [{ title: `${loaderData.topic.title} · ${school}` }, ...tags.slice(1)];
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const { services, request: ctx } = context.get(pageContext);
  const topic = await getAdminTopic(services.db, ctx.actor, params.topicId);
  return { topic, products: await listTopicProductOptions(services.db, ctx.actor) };
}

export default function EditTopicPage({ loaderData: { topic, products } }: Route.ComponentProps) {
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const error = communityErrorFromQuery(location.search);
  const saved = new URLSearchParams(location.search).has("saved");
  useEffect(() => {
    if (!saved) return;
    toast.success(t("community_admin:saved"));
    void navigate(location.pathname, { replace: true });
  }, [saved, t, navigate, location.pathname]);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <Link
        to="/home/community"
        className="inline-flex items-center gap-1 self-start text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
      >
        <ArrowLeft aria-hidden className="size-4" />
        {t("community_admin:back")}
      </Link>
      <div>
        <h1 className="text-2xl font-bold break-words sm:text-3xl">{topic.title}</h1>
        <p className="mt-1 text-sm text-muted">{t("community_admin:edit_title")}</p>
      </div>
      <TopicForm
        key={`${topic.id}-${topic.updated_at}`}
        topic={topic}
        products={products}
        queryError={error ? t(error, queryErrorValues(error)) : undefined}
      />
      <DeleteTopic topic={topic} />
    </div>
  );
}

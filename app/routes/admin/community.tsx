// /home/community: the community's topics in the order /community shows them (issue 14, item 1), with whether
// they are public or restricted, whether students may post, and how many posts each holds. The admin drags a
// topic by its handle (or picks it up with Space and moves it with the arrow keys: SortableList), which sends
// the whole order at once (POST /home/community/order); the up and down buttons stay, plain forms before
// hydration (POST /home/community/{id}/move). A school without topics is told how to start one.
import { useEffect, useState } from "react";
import { Link, useLocation, useNavigate, useRevalidator } from "react-router";
import { ArrowDown, ArrowUp, MessagesSquare, Plus } from "lucide-react";
import { listAdminTopics, type AdminTopicRow } from "#core/community/list-admin-topics.ts";
import { pageContext } from "#server/page-context.ts";
import { api, ApiError } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { CsrfField } from "#app/features/accounts/csrf-field.tsx";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { type DragHandle, SortableList } from "#app/features/authoring/sortable-list.tsx";
import { communityErrorFromQuery, queryErrorValues } from "#app/features/community-admin/page-data.ts";
import { Badge } from "#app/ui/badge.tsx";
import { buttonClass } from "#app/ui/button.tsx";
import { EmptyState } from "#app/ui/empty-state.tsx";
import { FormAlert } from "#app/ui/field.tsx";
import { toast } from "#app/ui/toast.tsx";
import type { Route } from "./+types/community.ts";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches[0]?.loaderData, "community_admin:title");
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services, request: ctx } = context.get(pageContext);
  return { topics: await listAdminTopics(services.db, ctx.actor) };
}

function MoveButton({
  topic,
  direction,
  disabled,
}: {
  topic: AdminTopicRow;
  direction: "up" | "down";
  disabled: boolean;
}) {
  const t = useT();
  const revalidator = useRevalidator();
  const url = `/home/community/${topic.id}/move`;
  const Icon = direction === "up" ? ArrowUp : ArrowDown;
  return (
    <form
      method="post"
      action={url}
      onSubmit={async (event) => {
        event.preventDefault();
        try {
          await api("POST", url, { direction });
        } catch {
          // the api wrapper has said what went wrong
        }
        await revalidator.revalidate();
      }}
    >
      <CsrfField />
      <input type="hidden" name="direction" value={direction} />
      <button
        type="submit"
        disabled={disabled}
        aria-label={t(`community_admin:move_${direction}`, { title: topic.title })}
        title={t(`community_admin:move_${direction}`, { title: topic.title })}
        className="inline-flex size-10 items-center justify-center rounded-md text-ink hover:bg-gray-100 disabled:cursor-not-allowed disabled:opacity-30"
      >
        <Icon aria-hidden className="size-4" />
      </button>
    </form>
  );
}

function TopicRow({
  topic,
  handle,
  first,
  last,
}: {
  topic: AdminTopicRow;
  handle: DragHandle;
  first: boolean;
  last: boolean;
}) {
  const t = useT();
  return (
    <div
      data-topic-id={topic.id}
      className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl bg-white p-2 shadow-sm ring-1 ring-gray-200 sm:p-3"
    >
      <div className="flex items-center gap-1">
        {handle}
        <MoveButton topic={topic} direction="up" disabled={first} />
        <MoveButton topic={topic} direction="down" disabled={last} />
      </div>
      <h2 className="min-w-0 flex-1 basis-48 font-semibold break-words">
        <Link to={`/home/community/${topic.id}`} className="text-brand-700 underline-offset-4 hover:underline">
          {topic.title}
        </Link>
      </h2>
      <dl className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
        <div>
          <dt className="sr-only">{t("community_admin:col_visibility")}</dt>
          <dd>
            {topic.visibility === "public" ? (
              <Badge tone="success">{t("community_admin:visibility_public")}</Badge>
            ) : (
              <Badge tone="warning">{t("community_admin:restricted_to", { count: topic.product_count })}</Badge>
            )}
          </dd>
        </div>
        <div className="flex gap-1">
          <dt className="text-muted">{t("community_admin:col_students_post")}:</dt>
          <dd>{t(topic.allow_students_to_add_posts ? "community_admin:yes" : "community_admin:no")}</dd>
        </div>
        <div className="flex gap-1">
          <dt className="text-muted">{t("community_admin:col_posts")}:</dt>
          <dd className="tabular-nums" data-testid="post-count">
            {topic.post_count}
          </dd>
        </div>
      </dl>
    </div>
  );
}

export default function CommunityTopicsPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  // The dragged order shows at once; the loader's list replaces it whenever it comes anew.
  const [topics, setTopics] = useState(loaderData.topics);
  const [source, setSource] = useState(loaderData.topics);
  if (source !== loaderData.topics) {
    setSource(loaderData.topics);
    setTopics(loaderData.topics);
  }
  const params = new URLSearchParams(location.search);
  const error = communityErrorFromQuery(location.search);
  const notice = params.has("saved")
    ? "community_admin:saved"
    : params.has("deleted")
      ? "community_admin:deleted"
      : null;
  useEffect(() => {
    if (!notice) return;
    toast.success(t(notice));
    void navigate(location.pathname, { replace: true });
  }, [notice, t, navigate, location.pathname]);

  async function reorder(next: AdminTopicRow[]) {
    const before = topics;
    setTopics(next);
    try {
      await api("POST", "/home/community/order", { ids: next.map((topic) => topic.id) });
      toast.success(t("community_admin:order_saved"));
    } catch (caught) {
      setTopics(before);
      if (caught instanceof ApiError && caught.status === 422) toast.error(caught.errors.ids?.[0] ?? caught.message);
    }
    await revalidator.revalidate();
  }

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">{t("community_admin:title")}</h1>
          <p className="mt-1 text-muted">{t("community_admin:intro")}</p>
        </div>
        <Link to="/home/community/new" className={buttonClass("primary")}>
          <Plus aria-hidden className="size-4" />
          {t("community_admin:new_topic")}
        </Link>
      </div>
      <FormAlert message={error ? t(error, queryErrorValues(error)) : undefined} />
      {topics.length === 0 ? (
        <EmptyState
          icon={MessagesSquare}
          title={t("community_admin:none_title")}
          text={t("community_admin:none_text")}
          action={
            <Link to="/home/community/new" className={buttonClass("primary")}>
              <Plus aria-hidden className="size-4" />
              {t("community_admin:start_first")}
            </Link>
          }
        />
      ) : (
        <SortableList
          items={topics}
          itemLabel={(topic) => topic.title}
          label={t("community_admin:topics_list")}
          onReorder={(next) => void reorder(next)}
          className="flex flex-col gap-2"
          renderItem={(topic, handle) => (
            <TopicRow
              topic={topic}
              handle={handle}
              first={topic.id === topics[0]?.id}
              last={topic.id === topics.at(-1)?.id}
            />
          )}
        />
      )}
    </div>
  );
}

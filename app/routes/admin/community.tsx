// /home/community: the community's topics in the order /community shows them (issue 14, item 1), with whether
// they are public or restricted, whether students may post, and how many posts each holds. Up and down buttons
// change the order (plain forms before hydration, POST /home/community/{id}/move); a school without topics is
// told how to start one.
import { useEffect } from "react";
import { Link, useLocation, useNavigate, useRevalidator } from "react-router";
import { ArrowDown, ArrowUp, MessagesSquare, Plus } from "lucide-react";
import { listAdminTopics, type AdminTopicRow } from "#core/community/list-admin-topics.ts";
import { pageContext } from "#server/page-context.ts";
import { api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { CsrfField } from "#app/features/accounts/csrf-field.tsx";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { communityErrorFromQuery, queryErrorValues } from "#app/features/community-admin/page-data.ts";
import { Badge } from "#app/ui/badge.tsx";
import { buttonClass } from "#app/ui/button.tsx";
import { DataTable, type Column } from "#app/ui/data-table.tsx";
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

export default function CommunityTopicsPage({ loaderData: { topics } }: Route.ComponentProps) {
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
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

  const columns: Column<AdminTopicRow>[] = [
    {
      key: "order",
      header: t("community_admin:col_order"),
      padding: "tight",
      cell: (topic) => {
        const at = topics.indexOf(topic);
        return (
          <div className="flex gap-1">
            <MoveButton topic={topic} direction="up" disabled={at === 0} />
            <MoveButton topic={topic} direction="down" disabled={at === topics.length - 1} />
          </div>
        );
      },
    },
    {
      key: "title",
      header: t("community_admin:col_title"),
      rowHeader: true,
      cell: (topic) => (
        <Link
          to={`/home/community/${topic.id}`}
          className="font-semibold break-words text-brand-700 underline-offset-4 hover:underline"
        >
          {topic.title}
        </Link>
      ),
    },
    {
      key: "visibility",
      header: t("community_admin:col_visibility"),
      cell: (topic) =>
        topic.visibility === "public" ? (
          <Badge tone="success">{t("community_admin:visibility_public")}</Badge>
        ) : (
          <Badge tone="warning">{t("community_admin:restricted_to", { count: topic.product_count })}</Badge>
        ),
    },
    {
      key: "students",
      header: t("community_admin:col_students_post"),
      className: "hidden sm:table-cell",
      cell: (topic) => t(topic.allow_students_to_add_posts ? "community_admin:yes" : "community_admin:no"),
    },
    {
      key: "posts",
      header: t("community_admin:col_posts"),
      align: "right",
      className: "tabular-nums",
      cell: (topic) => <span data-testid="post-count">{topic.post_count}</span>,
    },
  ];

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
        <DataTable
          framed
          caption={t("community_admin:title")}
          columns={columns}
          rows={topics}
          rowKey={(topic) => topic.id}
          rowProps={(topic) => ({ "data-topic-id": topic.id })}
        />
      )}
    </div>
  );
}

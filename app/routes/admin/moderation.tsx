// /home/moderation (issue 14, item 8): the open reports from lectures and the community, one row per item (its
// excerpt, where it is with a link, its author, how many reported it and why), with the admin's actions: hide,
// delete (confirmed), dismiss, pause the author's posting (1, 7, 30 days or until lifted) or lift a pause. The
// resolved reports are under the second tab, where a hidden item can be shown again. The actions are plain forms
// posting to /home/moderation/* (they work before hydration; with the script they stay on the page), except
// delete, which asks first (ConfirmDialog).
import { Link, useLocation, useRevalidator } from "react-router";
import { useId } from "react";
import { EyeOff, Flag, Trash2 } from "lucide-react";
import { listOpenQueue, listResolvedReports, type ItemDetails } from "#core/moderation/list-queue.ts";
import { PAUSED_UNTIL_LIFTED, pauseDurations } from "#core/moderation/policies.ts";
import { queueFilterSchema } from "#core/moderation/schemas.ts";
import { formatDateTime } from "#platform/i18n/format.ts";
import { pageContext } from "#server/page-context.ts";
import { api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { ActionForm } from "#app/features/admin/action-form.tsx";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { Badge } from "#app/ui/badge.tsx";
import { Button } from "#app/ui/button.tsx";
import { ConfirmDialog } from "#app/ui/confirm-dialog.tsx";
import { DataTable } from "#app/ui/data-table.tsx";
import { EmptyState } from "#app/ui/empty-state.tsx";
import { FormAlert } from "#app/ui/field.tsx";
import { Pager } from "#app/ui/pager.tsx";
import { LinkTabs } from "#app/ui/tabs.tsx";
import { toast } from "#app/ui/toast.tsx";
import type { Route } from "./+types/moderation.ts";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches[0]?.loaderData, "moderation:title");
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, request: ctx } = context.get(pageContext);
  const search = new URL(request.url).searchParams;
  const { tab, page } = queueFilterSchema.parse({ tab: search.get("tab") ?? undefined, page: search.get("page") ?? 1 });
  const date = (value: string) => formatDateTime(value, ctx.lang, ctx.school?.time_zone);
  const pausedLabel = (details: ItemDetails) => {
    const until = details.author?.posting_paused_until;
    if (!until || until <= new Date().toISOString()) return null;
    return until === PAUSED_UNTIL_LIFTED ? "" : date(until);
  };
  if (tab === "resolved") {
    const resolved = await listResolvedReports(services.db, ctx.actor, { page });
    return {
      tab,
      page: resolved.page,
      pages: resolved.pages,
      count: resolved.count,
      open: null,
      resolved: resolved.rows.map((row) => ({
        ...row,
        resolved_date: date(row.resolved_at),
        paused: pausedLabel(row),
      })),
    };
  }
  const queue = await listOpenQueue(services.db, ctx.actor, { page });
  return {
    tab,
    page: queue.page,
    pages: queue.pages,
    count: queue.count,
    open: queue.rows.map((row) => ({ ...row, date: date(row.last_reported_at), paused: pausedLabel(row) })),
    resolved: null,
  };
}

type Data = Route.ComponentProps["loaderData"];
type OpenRow = NonNullable<Data["open"]>[number];
type ResolvedRow = NonNullable<Data["resolved"]>[number];

/** Only keys this page's calls can produce are shown from ?error= (the plain forms' failures). */
function errorKey(search: string): string | undefined {
  const key = new URLSearchParams(search).get("error");
  return key && /^(validation|errors|moderation):[a-z_]+$/.test(key) ? key : undefined;
}

function Place({ row }: { row: ItemDetails }) {
  const t = useT();
  if (!row.place) return null;
  const where =
    row.place.kind === "lecture"
      ? t("moderation:in_lecture", { lecture: row.place.title, course: row.place.course })
      : t("moderation:in_post", { post: row.place.title, topic: row.place.topic });
  return (
    <Link to={row.place.url} className="text-sm font-medium text-brand-700 underline underline-offset-4">
      {where}
    </Link>
  );
}

function Excerpt({ row }: { row: ItemDetails & { type: string } }) {
  const t = useT();
  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap items-center gap-2">
        <Badge>{t(`moderation:type_${row.type}`)}</Badge>
        {row.hidden && (
          <Badge tone="warning" icon={EyeOff}>
            {t("moderation:hidden")}
          </Badge>
        )}
      </div>
      {row.excerpt === null ? (
        <p className="text-sm text-muted italic">{t("moderation:item_gone")}</p>
      ) : (
        <p className="break-words whitespace-pre-line">{row.excerpt}</p>
      )}
      <Place row={row} />
    </div>
  );
}

function Author({ row }: { row: ItemDetails & { paused: string | null } }) {
  const t = useT();
  if (!row.author) return null;
  return (
    <p className="text-sm">
      {row.author.role === "admin" ? (
        row.author.name
      ) : (
        <Link to={`/home/students/${row.author.id}`} className="underline underline-offset-4">
          {row.author.name}
        </Link>
      )}
      {row.paused !== null && (
        <span className="ml-2 text-red-800">
          {row.paused === ""
            ? t("moderation:paused_indefinitely")
            : t("moderation:paused_until_date", { date: row.paused })}
        </span>
      )}
    </p>
  );
}

function PauseForms({ row }: { row: ItemDetails & { paused: string | null } }) {
  const t = useT();
  const id = useId();
  if (!row.author || row.author.role === "admin") return null;
  if (row.paused !== null)
    return (
      <ActionForm url="/home/moderation/lift" fields={{ user_id: row.author.id }} toastKey="moderation:lifted_toast">
        <Button type="submit" variant="secondary">
          {t("moderation:lift", { name: row.author.name })}
        </Button>
      </ActionForm>
    );
  return (
    <ActionForm
      url="/home/moderation/pause"
      fields={{ user_id: row.author.id }}
      toastKey="moderation:paused_toast"
      className="flex flex-wrap items-end gap-2"
    >
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-xs font-medium text-muted">
          {t("moderation:pause_for", { name: row.author.name })}
        </label>
        <select
          id={id}
          name="duration"
          defaultValue="7"
          className="min-h-10 rounded-md border border-gray-300 bg-white px-2 text-sm"
        >
          {pauseDurations.map((value) => (
            <option key={value} value={value}>
              {t(`moderation:duration_${value}`)}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="secondary">
        {t("moderation:pause")}
      </Button>
    </ActionForm>
  );
}

function OpenItem({ row }: { row: OpenRow }) {
  const t = useT();
  const revalidator = useRevalidator();
  const item = { type: row.type, id: row.id };
  return (
    <article
      className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-5"
      data-report-item={`${row.type}:${row.id}`}
    >
      <Excerpt row={row} />
      <Author row={row} />
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Badge tone="danger" icon={Flag}>
          {t("moderation:reports_count", { count: row.reports })}
        </Badge>
        {row.reasons.map(({ reason, count }) => (
          <Badge key={reason} tone="neutral">
            {t(`moderation:${reason}_reason`)} × {count}
          </Badge>
        ))}
        <span className="text-muted">{t("moderation:last_reported", { date: row.date })}</span>
      </div>
      {row.texts.length > 0 && (
        <ul className="flex flex-col gap-1 border-l-2 border-gray-200 pl-3 text-sm text-muted">
          {row.texts.map((text, index) => (
            <li key={index} className="break-words">
              {text}
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-end gap-2">
        {row.excerpt !== null && !row.hidden && (
          <ActionForm url="/home/moderation/hide" fields={item} toastKey="moderation:hidden_toast">
            <Button type="submit">{t("moderation:hide")}</Button>
          </ActionForm>
        )}
        {row.excerpt !== null && (
          <ConfirmDialog
            trigger={
              <Button variant="danger">
                <Trash2 aria-hidden className="size-4" />
                {t("moderation:delete")}
              </Button>
            }
            title={t(`moderation:delete_title_${row.type}`)}
            description={t("moderation:delete_text")}
            confirmLabel={t("moderation:delete")}
            cancelLabel={t("moderation:cancel")}
            onConfirm={async () => {
              await api("POST", "/home/moderation/delete", item);
              toast.success(t("moderation:deleted_toast"));
              await revalidator.revalidate();
            }}
          />
        )}
        <ActionForm url="/home/moderation/dismiss" fields={item} toastKey="moderation:dismissed_toast">
          <Button type="submit" variant="secondary">
            {t("moderation:dismiss")}
          </Button>
        </ActionForm>
        <PauseForms row={row} />
      </div>
    </article>
  );
}

function ResolvedTable({ rows }: { rows: ResolvedRow[] }) {
  const t = useT();
  return (
    <DataTable
      framed
      caption={t("moderation:tab_resolved")}
      rows={rows}
      rowKey={(row) => row.report_id}
      rowProps={(row) => ({ "data-report-id": row.report_id })}
      columns={[
        {
          key: "item",
          header: t("moderation:column_item"),
          cell: (row) => <Excerpt row={row} />,
          className: "min-w-64",
        },
        {
          key: "reason",
          header: t("moderation:column_reason"),
          cell: (row) => (
            <div className="flex flex-col gap-1">
              <span>{t(`moderation:${row.reason}_reason`)}</span>
              {row.text && <span className="text-xs break-words text-muted">{row.text}</span>}
              <span className="text-xs text-muted">{t("moderation:reported_by", { name: row.reporter })}</span>
            </div>
          ),
          className: "min-w-40",
        },
        {
          key: "resolution",
          header: t("moderation:column_resolution"),
          cell: (row) => (
            <div className="flex flex-col gap-1">
              <span className="font-medium">{t(`moderation:resolution_${row.resolution}`)}</span>
              <span className="text-xs text-muted">
                {row.resolved_by
                  ? t("moderation:resolved_by", { name: row.resolved_by, date: row.resolved_date })
                  : row.resolved_date}
              </span>
            </div>
          ),
          className: "min-w-40",
        },
        {
          key: "actions",
          header: <span className="sr-only">{t("moderation:column_actions")}</span>,
          padding: "tight",
          cell: (row) =>
            row.hidden ? (
              <ActionForm
                url="/home/moderation/unhide"
                fields={{ type: row.type, id: row.id }}
                toastKey="moderation:unhidden_toast"
              >
                <Button type="submit" variant="secondary">
                  {t("moderation:unhide")}
                </Button>
              </ActionForm>
            ) : null,
        },
      ]}
    />
  );
}

export default function ModerationQueue({ loaderData: d }: Route.ComponentProps) {
  const t = useT();
  const location = useLocation();
  const error = errorKey(location.search);
  const hrefFor = (page: number) => `/home/moderation?tab=${d.tab}&page=${page}`;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">{t("moderation:title")}</h1>
        <p className="mt-1 text-muted">{t("moderation:intro")}</p>
      </div>
      <FormAlert message={error ? t(error) : undefined} />
      <LinkTabs
        label={t("moderation:tabs")}
        tabs={[
          { to: "/home/moderation", label: t("moderation:tab_open"), current: d.tab === "open" },
          { to: "/home/moderation?tab=resolved", label: t("moderation:tab_resolved"), current: d.tab === "resolved" },
        ]}
      />
      {d.open &&
        (d.open.length === 0 ? (
          <EmptyState title={t("moderation:empty_open")} text={t("moderation:empty_open_text")} icon={Flag} />
        ) : (
          <ul className="flex flex-col gap-4" aria-label={t("moderation:tab_open")}>
            {d.open.map((row) => (
              <li key={`${row.type}:${row.id}`}>
                <OpenItem row={row} />
              </li>
            ))}
          </ul>
        ))}
      {d.resolved &&
        (d.resolved.length === 0 ? (
          <EmptyState title={t("moderation:empty_resolved")} icon={Flag} />
        ) : (
          <ResolvedTable rows={d.resolved} />
        ))}
      <Pager page={d.page} pages={d.pages} hrefFor={hrefFor} />
    </div>
  );
}

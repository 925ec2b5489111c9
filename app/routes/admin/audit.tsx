// /home/audit (issue 18, item 4): the audit log, the owner's page only. Every successful change an admin or a
// moderator made (server/plugins/audit-trail.ts), newest first: when, who, what (method and route, the ids it
// named, a short line), filtered by person and by the days between, a page at a time ("Next page" carries the
// last row's id, core/team/list-audit-log.ts).
import { Link } from "react-router";
import { listAuditLog } from "#core/team/list-audit-log.ts";
import { auditFiltersFrom, auditFiltersQuery } from "#core/team/schemas.ts";
import { formatDateTime } from "#platform/i18n/format.ts";
import { pageContext } from "#server/page-context.ts";
import { useT } from "#app/lib/i18n.tsx";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { buttonClass } from "#app/ui/button.tsx";
import { DataTable } from "#app/ui/data-table.tsx";
import { EmptyState } from "#app/ui/empty-state.tsx";
import { Field } from "#app/ui/field.tsx";
import { FilterForm } from "#app/ui/filter-form.tsx";
import { SelectField } from "#app/ui/select-field.tsx";
import type { Route } from "./+types/audit.ts";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches[0]?.loaderData, "team:audit_title");
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, request: ctx } = context.get(pageContext);
  const filters = auditFiltersFrom(new URL(request.url).searchParams);
  const log = await listAuditLog(services.db, ctx.actor, filters);
  return {
    filters,
    people: log.people,
    next: log.next,
    rows: log.rows.map((row) => ({
      id: row.id,
      when: formatDateTime(row.created_at, ctx.lang, ctx.school?.time_zone),
      who: row.actor_name,
      role: row.actor_role,
      what: `${row.method} ${row.route}`,
      targets: Object.entries(row.targets)
        .map(([key, value]) => `${key} ${value}`)
        .join(", "),
      summary: row.summary,
    })),
  };
}

export default function Audit({ loaderData: d }: Route.ComponentProps) {
  const t = useT();
  const firstQuery = auditFiltersQuery(d.filters);
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div className="max-w-2xl">
        <h1 className="text-2xl font-bold sm:text-3xl">{t("team:audit_title")}</h1>
        <p className="mt-1 text-muted">{t("team:audit_intro")}</p>
      </div>
      <FilterForm
        label={t("team:audit_filters")}
        action="/home/audit"
        layout="grid"
        submitLabel={t("team:apply")}
        clear={{ label: t("team:clear") }}
      >
        <SelectField
          label={t("team:person")}
          name="user_id"
          defaultValue={d.filters.user_id ? String(d.filters.user_id) : ""}
          options={[
            { value: "", label: t("team:anyone") },
            ...d.people.map((person) => ({ value: String(person.id), label: person.name })),
          ]}
        />
        <Field label={t("team:from")} name="from" type="date" defaultValue={d.filters.from ?? ""} />
        <Field label={t("team:to")} name="to" type="date" defaultValue={d.filters.to ?? ""} />
      </FilterForm>

      {d.rows.length === 0 ? (
        <EmptyState text={t("team:audit_empty")} />
      ) : (
        <DataTable
          framed
          caption={t("team:audit_title")}
          rows={d.rows}
          rowKey={(row) => row.id}
          rowProps={(row) => ({ "data-audit": row.what })}
          columns={[
            { key: "when", header: t("team:when"), className: "whitespace-nowrap", cell: (row) => row.when },
            {
              key: "who",
              header: t("team:who"),
              cell: (row) => (
                <>
                  <p className="font-semibold break-words">{row.who}</p>
                  <p className="text-xs text-muted">{row.role ? t(`team:role_${row.role}`) : ""}</p>
                </>
              ),
            },
            {
              key: "what",
              header: t("team:what"),
              cell: (row) => (
                <>
                  <p className="font-mono text-sm break-all">{row.what}</p>
                  {row.targets && <p className="text-xs text-muted">{row.targets}</p>}
                  {row.summary && <p className="text-xs text-muted">{row.summary}</p>}
                </>
              ),
            },
          ]}
        />
      )}

      {(d.filters.after || d.next) && (
        <nav aria-label={t("team:audit_pages")} className="flex flex-wrap justify-between gap-2">
          {d.filters.after ? (
            <Link to={`/home/audit${firstQuery ? `?${firstQuery}` : ""}`} className={buttonClass("secondary")}>
              {t("team:first_page")}
            </Link>
          ) : (
            <span />
          )}
          {d.next && (
            <Link
              to={`/home/audit?${auditFiltersQuery(d.filters, { after: d.next })}`}
              className={buttonClass("secondary")}
              rel="next"
            >
              {t("team:next_page")}
            </Link>
          )}
        </nav>
      )}
    </div>
  );
}

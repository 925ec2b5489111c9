// /home/leads (issue 16, item 4): the leads the school's forms brought, newest first, a page at a time, filtered
// by form and tag (in the address); each with its values, hidden fields, page, consent version, state, time and
// address; the CSV export of the filtered list (one a minute) and deleting a lead on its owner's request.
import { Link, useLocation, useRevalidator } from "react-router";
import { Download, Inbox, ListChecks } from "lucide-react";
import { listLeads } from "#core/leads/list-leads.ts";
import { formatDateTime } from "#platform/i18n/format.ts";
import { pageContext } from "#server/page-context.ts";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { CsrfField } from "#app/features/accounts/csrf-field.tsx";
import { api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Badge } from "#app/ui/badge.tsx";
import { Button, buttonClass } from "#app/ui/button.tsx";
import { ConfirmDialog } from "#app/ui/confirm-dialog.tsx";
import { EmptyState } from "#app/ui/empty-state.tsx";
import { FormAlert } from "#app/ui/field.tsx";
import { FilterForm } from "#app/ui/filter-form.tsx";
import { Pager } from "#app/ui/pager.tsx";
import { SelectField } from "#app/ui/select-field.tsx";
import type { Route } from "./+types/leads.ts";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches[0]?.loaderData, "leads:title");
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, request: ctx } = context.get(pageContext);
  const query = new URL(request.url).searchParams;
  const list = await listLeads(services.db, ctx.actor, {
    form_id: query.get("form_id") ?? "",
    tag: query.get("tag") ?? "",
    page: query.get("page") ?? "",
  }).catch(() => listLeads(services.db, ctx.actor, {}));
  return {
    ...list,
    leads: list.leads.map((lead) => ({
      ...lead,
      date: formatDateTime(lead.created_at, ctx.lang, ctx.school?.time_zone),
    })),
  };
}

function queryOf(filter: { form_id: number | null; tag: string }, page?: number): string {
  const query = new URLSearchParams();
  if (filter.form_id !== null) query.set("form_id", String(filter.form_id));
  if (filter.tag) query.set("tag", filter.tag);
  if (page && page > 1) query.set("page", String(page));
  const text = query.toString();
  return text ? `?${text}` : "";
}

export default function LeadsPage({ loaderData: d }: Route.ComponentProps) {
  const t = useT();
  const revalidator = useRevalidator();
  const throttled = new URLSearchParams(useLocation().search).get("error") === "transactions:export_throttled";
  const filtered = d.filter.form_id !== null || d.filter.tag !== "";
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">{t("leads:title")}</h1>
          <p className="mt-1 max-w-3xl text-muted">{t("leads:intro")}</p>
        </div>
        <Link to="/home/leads/forms" className={buttonClass("secondary")}>
          <ListChecks aria-hidden className="size-4" />
          {t("leads:forms_link")}
        </Link>
      </div>

      <FilterForm
        label={t("leads:filters")}
        action="/home/leads"
        submitLabel={t("leads:filter_apply")}
        clear={filtered ? { label: t("leads:filter_clear") } : undefined}
      >
        <SelectField
          label={t("leads:filter_form")}
          name="form_id"
          defaultValue={d.filter.form_id ?? ""}
          options={[
            { value: "", label: t("leads:filter_all_forms") },
            ...d.forms.map((f) => ({ value: String(f.id), label: f.name })),
          ]}
        />
        <SelectField
          label={t("leads:filter_tag")}
          name="tag"
          defaultValue={d.filter.tag}
          options={[
            { value: "", label: t("leads:filter_all_tags") },
            ...d.tags.map((tag) => ({ value: tag, label: tag })),
          ]}
        />
      </FilterForm>
      <FormAlert message={throttled ? t("transactions:export_throttled") : undefined} />

      <div className="flex flex-wrap items-start justify-between gap-4">
        <p className="font-semibold" aria-live="polite">
          {t("leads:found", { count: d.total })}
        </p>
        <form method="post" action="/home/leads/export" className="flex flex-col items-start gap-1">
          <CsrfField />
          {d.filter.form_id !== null && <input type="hidden" name="form_id" value={d.filter.form_id} />}
          {d.filter.tag && <input type="hidden" name="tag" value={d.filter.tag} />}
          <Button type="submit" variant="secondary">
            <Download aria-hidden className="size-4" />
            {t("transactions:export")}
          </Button>
          <span className="text-xs text-muted">{t("transactions:export_hint")}</span>
        </form>
      </div>

      {d.leads.length === 0 ? (
        <EmptyState
          icon={Inbox}
          title={t("leads:empty")}
          text={t(filtered ? "leads:empty_filtered" : "leads:empty_text")}
        />
      ) : (
        <ul
          aria-label={t("leads:title")}
          className="divide-y divide-gray-100 rounded-xl bg-white shadow-sm ring-1 ring-gray-200"
        >
          {d.leads.map((lead) => {
            const who = lead.email ?? Object.values(lead.fields).find((value) => value !== "") ?? `#${lead.id}`;
            return (
              <li
                key={lead.id}
                data-lead={lead.id}
                className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:px-5"
              >
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <p className="font-semibold break-all">{who}</p>
                    {lead.status === "unconfirmed" && <Badge tone="warning">{t("leads:status_unconfirmed")}</Badge>}
                    {lead.tags.map((tag) => (
                      <Badge key={tag}>{tag}</Badge>
                    ))}
                  </div>
                  <p className="mt-0.5 text-sm text-muted">
                    {t("leads:from_form", { form: lead.form_name, date: lead.date })}
                    {lead.page && <> · {t("leads:from_page", { page: lead.page })}</>}
                    {lead.consent_version !== null && (
                      <> · {t("leads:consent_version", { version: lead.consent_version })}</>
                    )}
                  </p>
                  <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-sm">
                    {Object.entries({ ...lead.fields, ...lead.hidden_fields }).map(([name, value]) => (
                      <div key={name} className="contents">
                        <dt className="text-muted">{name}</dt>
                        <dd className="break-words">{value || "—"}</dd>
                      </div>
                    ))}
                    <dt className="text-muted">{t("leads:address")}</dt>
                    <dd className="break-all">{lead.ip}</dd>
                  </dl>
                </div>
                <ConfirmDialog
                  trigger={<Button variant="secondary">{t("leads:delete")}</Button>}
                  title={t("leads:delete")}
                  description={t("leads:delete_confirm", { who })}
                  confirmLabel={t("leads:delete")}
                  onConfirm={async () => {
                    await api("POST", `/home/leads/${lead.id}/delete`);
                    await revalidator.revalidate();
                  }}
                />
              </li>
            );
          })}
        </ul>
      )}
      <Pager page={d.page} pages={d.pages} hrefFor={(page) => `/home/leads${queryOf(d.filter, page)}`} />
    </div>
  );
}

// /home/leads/forms (issue 16, item 4): the school's lead forms with how many leads each brought, the way to a new
// one and to each one's editor (with its live preview).
import { Link } from "react-router";
import { ClipboardList, Plus } from "lucide-react";
import { listLeadForms } from "#core/leads/list-lead-forms.ts";
import { pageContext } from "#server/page-context.ts";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Badge } from "#app/ui/badge.tsx";
import { buttonClass } from "#app/ui/button.tsx";
import { EmptyState } from "#app/ui/empty-state.tsx";
import type { Route } from "./+types/leads-forms.ts";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches[0]?.loaderData, "leads:forms_title");
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services, request: ctx } = context.get(pageContext);
  return { forms: await listLeadForms(services.db, ctx.actor) };
}

export default function LeadFormsPage({ loaderData: { forms } }: Route.ComponentProps) {
  const t = useT();
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-sm">
            <Link to="/home/leads" className="text-brand-700 underline underline-offset-4">
              {t("leads:title")}
            </Link>
          </p>
          <h1 className="text-2xl font-bold sm:text-3xl">{t("leads:forms_title")}</h1>
          <p className="mt-1 max-w-3xl text-muted">{t("leads:forms_intro")}</p>
        </div>
        <Link to="/home/leads/forms/new" className={buttonClass("primary")}>
          <Plus aria-hidden className="size-4" />
          {t("leads:new_form")}
        </Link>
      </div>
      {forms.length === 0 ? (
        <EmptyState icon={ClipboardList} title={t("leads:forms_empty")} text={t("leads:forms_empty_text")} />
      ) : (
        <ul
          aria-label={t("leads:forms_title")}
          className="divide-y divide-gray-100 rounded-xl bg-white shadow-sm ring-1 ring-gray-200"
        >
          {forms.map((form) => (
            <li key={form.id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:px-5">
              <div className="min-w-0 flex-1">
                <Link
                  to={`/home/leads/forms/${form.id}`}
                  className="font-semibold break-words text-brand-700 underline-offset-4 hover:underline"
                >
                  {form.name}
                </Link>
                {form.double_opt_in && (
                  <Badge className="ml-2" tone="info">
                    {t("leads:double_opt_in_badge")}
                  </Badge>
                )}
              </div>
              <Link to={`/home/leads?form_id=${form.id}`} className="text-sm tabular-nums underline underline-offset-4">
                {t("leads:leads_count", { count: form.leads })}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

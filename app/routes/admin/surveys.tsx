// /home/surveys (issue 17, item 1): the school's surveys with where each shows and how many students answered,
// the way to a new one, to each one's builder and answers, and deleting one (after a confirmation).
import { Link, useRevalidator } from "react-router";
import { ClipboardList, Plus } from "lucide-react";
import { listSurveys } from "#core/surveys/list-surveys.ts";
import { pageContext } from "#server/page-context.ts";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { placementText } from "#app/features/surveys/placement-text.ts";
import { api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Button, buttonClass } from "#app/ui/button.tsx";
import { ConfirmDialog } from "#app/ui/confirm-dialog.tsx";
import { EmptyState } from "#app/ui/empty-state.tsx";
import type { Route } from "./+types/surveys.ts";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches[0]?.loaderData, "surveys:title");
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services, request: ctx } = context.get(pageContext);
  return { surveys: await listSurveys(services.db, ctx.actor) };
}

export default function SurveysPage({ loaderData: { surveys } }: Route.ComponentProps) {
  const t = useT();
  const revalidator = useRevalidator();
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">{t("surveys:title")}</h1>
          <p className="mt-1 max-w-3xl text-muted">{t("surveys:intro")}</p>
        </div>
        <Link to="/home/surveys/new" className={buttonClass("primary")}>
          <Plus aria-hidden className="size-4" />
          {t("surveys:new")}
        </Link>
      </div>
      {surveys.length === 0 ? (
        <EmptyState icon={ClipboardList} title={t("surveys:empty")} text={t("surveys:empty_text")} />
      ) : (
        <ul
          aria-label={t("surveys:title")}
          className="divide-y divide-gray-100 rounded-xl bg-white shadow-sm ring-1 ring-gray-200"
        >
          {surveys.map((survey) => (
            <li key={survey.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:px-5">
              <div className="min-w-0 flex-1">
                <Link
                  to={`/home/surveys/${survey.id}`}
                  className="font-semibold break-words text-brand-700 underline-offset-4 hover:underline"
                >
                  {survey.title}
                </Link>
                <p className="mt-0.5 text-sm text-muted">{placementText(t, survey)}</p>
              </div>
              <p className="text-sm tabular-nums">{t("surveys:results_total", { count: survey.responses })}</p>
              <ConfirmDialog
                trigger={<Button variant="secondary">{t("surveys:delete")}</Button>}
                title={t("surveys:delete")}
                description={t("surveys:delete_confirm", { title: survey.title })}
                confirmLabel={t("surveys:delete")}
                onConfirm={async () => {
                  await api("POST", `/home/surveys/${survey.id}/delete`);
                  await revalidator.revalidate();
                }}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

// /home/exams (issue 17, item 2): the school's exams with where each belongs, attempts handed in and answers
// waiting for grading; the way to a new one, to each one's builder and statistics, to the grading queue, and
// deleting one (archived instead when students have attempted it).
import { Link, useRevalidator } from "react-router";
import { GraduationCap, Plus } from "lucide-react";
import { listExams } from "#core/exams/list-exams.ts";
import { pageContext } from "#server/page-context.ts";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Badge } from "#app/ui/badge.tsx";
import { Button, buttonClass } from "#app/ui/button.tsx";
import { ConfirmDialog } from "#app/ui/confirm-dialog.tsx";
import { EmptyState } from "#app/ui/empty-state.tsx";
import type { Route } from "./+types/exams.ts";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches[0]?.loaderData, "exams:title");
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services, request: ctx } = context.get(pageContext);
  return { exams: await listExams(services.db, ctx.actor) };
}

export default function ExamsPage({ loaderData: { exams } }: Route.ComponentProps) {
  const t = useT();
  const revalidator = useRevalidator();
  const waiting = exams.reduce((sum, exam) => sum + exam.grading, 0);
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">{t("exams:title")}</h1>
          <p className="mt-1 max-w-3xl text-muted">{t("exams:intro")}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/home/exams/grading" className={buttonClass("secondary")}>
            {t("exams:grading_link", { count: waiting })}
          </Link>
          <Link to="/home/exams/new" className={buttonClass("primary")}>
            <Plus aria-hidden className="size-4" />
            {t("exams:new")}
          </Link>
        </div>
      </div>
      {exams.length === 0 ? (
        <EmptyState icon={GraduationCap} title={t("exams:empty")} text={t("exams:empty_text")} />
      ) : (
        <ul
          aria-label={t("exams:title")}
          className="divide-y divide-gray-100 rounded-xl bg-white shadow-sm ring-1 ring-gray-200"
        >
          {exams.map((exam) => (
            <li key={exam.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:px-5">
              <div className="min-w-0 flex-1">
                <Link
                  to={`/home/exams/${exam.id}`}
                  className="font-semibold break-words text-brand-700 underline-offset-4 hover:underline"
                >
                  {exam.title}
                </Link>
                <p className="mt-0.5 text-sm text-muted">
                  {exam.course_title
                    ? t("exams:in_course", { course: exam.course_title })
                    : exam.product_title
                      ? t("exams:in_product", { product: exam.product_title })
                      : t("exams:nowhere")}
                </p>
              </div>
              {exam.archived_at && <Badge tone="neutral">{t("exams:archived_badge")}</Badge>}
              <p className="text-sm tabular-nums">{t("exams:attempts_total", { count: exam.attempts })}</p>
              {!exam.archived_at && (
                <ConfirmDialog
                  trigger={<Button variant="secondary">{t("exams:delete")}</Button>}
                  title={t("exams:delete")}
                  description={t("exams:delete_confirm", { title: exam.title })}
                  confirmLabel={t("exams:delete")}
                  onConfirm={async () => {
                    await api("POST", `/home/exams/${exam.id}/delete`);
                    await revalidator.revalidate();
                  }}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

// /home/exams/{id} (issue 17, item 2): the exam's builder and its statistics: attempts handed in, the pass rate,
// and per question of the pool how many answered it and how many earned its full points.
import { getEditedExam } from "#core/exams/get-edited-exam.ts";
import { getExamStats } from "#core/exams/get-exam-stats.ts";
import { listExamPlaces } from "#core/exams/list-exam-places.ts";
import { pageContext } from "#server/page-context.ts";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { ExamBuilder } from "#app/features/exams/exam-builder.tsx";
import { ExamStatsView } from "#app/features/exams/exam-stats.tsx";
import { useT } from "#app/lib/i18n.tsx";
import type { Route } from "./+types/exams-edit.ts";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches[0]?.loaderData, "exams:edit");
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const { services, request: ctx } = context.get(pageContext);
  const [exam, stats, places] = await Promise.all([
    getEditedExam(services.db, ctx.actor, params.id),
    getExamStats(services.db, ctx.actor, params.id),
    listExamPlaces(services.db, ctx.actor),
  ]);
  return { exam, stats, places };
}

export default function EditExamPage({ loaderData: { exam, stats, places } }: Route.ComponentProps) {
  const t = useT();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-8">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("exams:edit")}</h1>
      <ExamStatsView stats={stats} />
      <ExamBuilder key={exam.id} initial={exam} places={places} />
    </div>
  );
}

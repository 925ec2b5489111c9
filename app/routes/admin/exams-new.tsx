// /home/exams/new (issue 17, item 2): the builder for a new exam; saved, it opens the exam's own page.
import { listExamPlaces } from "#core/exams/list-exam-places.ts";
import { pageContext } from "#server/page-context.ts";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { emptyExam, ExamBuilder } from "#app/features/exams/exam-builder.tsx";
import { useT } from "#app/lib/i18n.tsx";
import type { Route } from "./+types/exams-new.ts";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches[0]?.loaderData, "exams:new");
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services, request: ctx } = context.get(pageContext);
  return { places: await listExamPlaces(services.db, ctx.actor) };
}

export default function NewExamPage({ loaderData: { places } }: Route.ComponentProps) {
  const t = useT();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("exams:new")}</h1>
      <ExamBuilder initial={emptyExam} places={places} />
    </div>
  );
}

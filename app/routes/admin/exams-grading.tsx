// /home/exams/grading (issue 17, item 2): the open answers waiting for the admin's points, attempt by attempt.
import { ClipboardCheck } from "lucide-react";
import { listGradingQueue } from "#core/exams/list-grading-queue.ts";
import { pageContext } from "#server/page-context.ts";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { GradingForm } from "#app/features/exams/grading-form.tsx";
import { useT } from "#app/lib/i18n.tsx";
import { EmptyState } from "#app/ui/empty-state.tsx";
import type { Route } from "./+types/exams-grading.ts";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches[0]?.loaderData, "exams:grading_title");
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services, request: ctx } = context.get(pageContext);
  return { queue: await listGradingQueue(services.db, ctx.actor) };
}

export default function GradingPage({ loaderData: { queue } }: Route.ComponentProps) {
  const t = useT();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">{t("exams:grading_title")}</h1>
        <p className="mt-1 text-muted">{t("exams:grading_intro")}</p>
      </div>
      {queue.length === 0 ? (
        <EmptyState icon={ClipboardCheck} title={t("exams:grading_empty")} text={t("exams:grading_empty_text")} />
      ) : (
        queue.map((item) => <GradingForm key={item.attempt_id} item={item} />)
      )}
    </div>
  );
}

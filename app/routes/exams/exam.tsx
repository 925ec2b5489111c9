// /my/exams/{id} (issue 17, item 2): the student's exam: its intro and earlier attempts, or the open attempt
// resumed as it was (same questions, saved answers, the server's deadline). Reached from the course's watch page
// (after its last lecture) and from /my when sold alone. Someone the exam is not for gets the 404 page.
import { Link } from "react-router";
import { ChevronLeft } from "lucide-react";
import { getExamPage } from "#core/exams/get-exam-page.ts";
import { pageContext } from "#server/page-context.ts";
import { ExamTaker } from "#app/features/exams/exam-taker.tsx";
import { useT } from "#app/lib/i18n.tsx";
import type { Route } from "./+types/exam.ts";

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const school = matches[0]?.loaderData?.school?.name ?? "Studium";
  return loaderData ? [{ title: `${loaderData.page.exam.title} · ${school}` }] : (matches[0]?.meta ?? []);
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const { services, request: ctx } = context.get(pageContext);
  return { page: await getExamPage(services.db, ctx.actor, params.id) };
}

export default function ExamRoute({ loaderData: { page } }: Route.ComponentProps) {
  const t = useT();
  return (
    <article aria-labelledby="exam-title" className="flex flex-col gap-6" data-exam={page.exam.id}>
      <Link
        to="/my"
        className="inline-flex items-center gap-1 self-start text-sm font-medium text-brand-700 hover:underline"
      >
        <ChevronLeft aria-hidden className="size-4" />
        {t("accounts:my_title")}
      </Link>
      <div>
        <p className="text-sm font-semibold tracking-wide text-brand-700">{t("exams:exam")}</p>
        <h1 id="exam-title" className="text-2xl font-bold break-words">
          {page.exam.title}
        </h1>
      </div>
      <ExamTaker key={page.open?.id ?? "intro"} page={page} />
    </article>
  );
}

// /my/exams/{id}/attempts/{attemptId} (issue 17, item 2): an attempt's result: awaiting grading, or the score
// with passed / failed; each question with the student's answer, the points and the grader's comment, and the
// correct options where the exam shows them. Another student's attempt is the 404 page.
import { Link } from "react-router";
import { Check, ChevronLeft, X } from "lucide-react";
import { getAttemptResult } from "#core/exams/get-attempt-result.ts";
import { pageContext } from "#server/page-context.ts";
import { AttemptBadge } from "#app/features/exams/attempt-badge.tsx";
import { useT } from "#app/lib/i18n.tsx";
import { buttonClass } from "#app/ui/button.tsx";
import type { Route } from "./+types/result.ts";

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const school = matches[0]?.loaderData?.school?.name ?? "Studium";
  return loaderData ? [{ title: `${loaderData.result.exam.title} · ${school}` }] : (matches[0]?.meta ?? []);
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const { services, request: ctx } = context.get(pageContext);
  return { result: await getAttemptResult(services.db, ctx.actor, params.attemptId, undefined, params.id) };
}

function answerText(answer: string | string[] | null, options: { value: string; label: string }[]): string {
  if (answer === null) return "";
  const values = Array.isArray(answer) ? answer : [answer];
  if (options.length === 0) return values.join("");
  return values.map((value) => options.find((o) => o.value === value)?.label ?? value).join(", ");
}

export default function ExamResultRoute({ loaderData: { result } }: Route.ComponentProps) {
  const t = useT();
  const { attempt, exam } = result;
  return (
    <article aria-labelledby="result-title" className="flex flex-col gap-6" data-result={attempt.status}>
      <Link
        to={`/my/exams/${exam.id}`}
        className="inline-flex items-center gap-1 self-start text-sm font-medium text-brand-700 hover:underline"
      >
        <ChevronLeft aria-hidden className="size-4" />
        {t("exams:back_to_exam")}
      </Link>
      <div>
        <p className="text-sm font-semibold tracking-wide text-brand-700">{exam.title}</p>
        <h1 id="result-title" className="text-2xl font-bold break-words">
          {t("exams:result_title", { n: attempt.number })}
        </h1>
      </div>
      <section className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6">
        <div className="flex flex-wrap items-center gap-3">
          <AttemptBadge status={attempt.status} passed={attempt.passed} />
          {attempt.score !== null && (
            <p className="text-lg font-semibold tabular-nums" data-testid="exam-score">
              {t("exams:score", { score: attempt.score, max: attempt.max_score })}
            </p>
          )}
        </div>
        <p className="text-sm text-muted">
          {attempt.status === "grading"
            ? t("exams:awaiting_text")
            : t("exams:pass_mark_was", { percent: exam.pass_percent })}
        </p>
        {result.attempts_left !== 0 && attempt.passed !== true && attempt.status !== "open" && (
          <div>
            <Link to={`/my/exams/${exam.id}`} className={buttonClass("primary")}>
              {t("exams:try_again")}
            </Link>
          </div>
        )}
      </section>
      <ol className="flex flex-col gap-3">
        {result.questions.map((question, index) => (
          <li key={question.key} className="flex flex-col gap-2 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200">
            <p className="font-medium break-words">
              {index + 1}. {question.title}
            </p>
            <p className="text-sm break-words whitespace-pre-wrap">
              <span className="text-muted">{t("exams:your_answer")} </span>
              {answerText(question.answer, question.options) || t("exams:no_answer")}
            </p>
            {question.earned !== null && (
              <p className="inline-flex items-center gap-1 text-sm tabular-nums">
                {question.earned === question.points ? (
                  <Check aria-hidden className="size-4 text-green-700" />
                ) : (
                  <X aria-hidden className="size-4 text-red-700" />
                )}
                {t("exams:points_of", { earned: question.earned, count: question.points })}
              </p>
            )}
            {question.correct && question.correct.length > 0 && (
              <p className="text-sm text-green-800">
                <span className="font-medium">{t("exams:correct_answer")} </span>
                {answerText(question.correct, question.options)}
              </p>
            )}
            {question.comment && (
              <p className="rounded-md bg-gray-50 p-2 text-sm break-words">
                <span className="font-medium">{t("exams:comment")} </span>
                {question.comment}
              </p>
            )}
          </li>
        ))}
      </ol>
    </article>
  );
}

// The admin's statistics of an exam (issue 17, item 2): attempts, pass rate, and per question how many answered
// it correctly (full points) of those who were asked it.
import type { ExamStats } from "#core/exams/get-exam-stats.ts";
import { useT } from "#app/lib/i18n.tsx";

export function ExamStatsView({ stats }: { stats: ExamStats }) {
  const t = useT();
  return (
    <section
      aria-labelledby="exam-stats"
      className="flex flex-col gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6"
    >
      <h2 id="exam-stats" className="text-xl font-semibold">
        {t("exams:stats")}
      </h2>
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        <div>
          <dt className="text-sm text-muted">{t("exams:stats_attempts")}</dt>
          <dd className="text-2xl font-semibold tabular-nums">{stats.attempts}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted">{t("exams:stats_passed")}</dt>
          <dd className="text-2xl font-semibold tabular-nums">{stats.passed}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted">{t("exams:stats_pass_rate")}</dt>
          <dd className="text-2xl font-semibold tabular-nums">
            {stats.pass_rate === null ? "—" : `${stats.pass_rate}%`}
          </dd>
        </div>
      </dl>
      {stats.attempts > 0 && (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t("exams:stats_per_question")}</caption>
          <thead>
            <tr className="border-b border-gray-200 text-muted">
              <th scope="col" className="py-2 pr-2 font-medium">
                {t("exams:stats_question")}
              </th>
              <th scope="col" className="py-2 pr-2 text-right font-medium">
                {t("exams:stats_correct")}
              </th>
            </tr>
          </thead>
          <tbody>
            {stats.questions.map((question) => (
              <tr key={question.key} className="border-b border-gray-100 last:border-0">
                <th scope="row" className="py-2 pr-2 font-normal break-words">
                  {question.title}
                </th>
                <td className="py-2 text-right tabular-nums">
                  {t("exams:stats_correct_of", { correct: question.correct, count: question.answered })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

// A survey's answers for the admin, question by question (issue 17, item 1): counts and percentages for choices
// (of the students who answered the survey), the texts for open questions.
import type { SurveyResults } from "#core/surveys/get-survey-results.ts";
import { useT } from "#app/lib/i18n.tsx";

export function SurveyResultsView({ results }: { results: SurveyResults }) {
  const t = useT();
  return (
    <section aria-labelledby="survey-results" className="flex flex-col gap-4">
      <div>
        <h2 id="survey-results" className="text-xl font-semibold">
          {t("surveys:results")}
        </h2>
        <p className="text-sm text-muted">{t("surveys:results_total", { count: results.total })}</p>
      </div>
      {results.questions.map((question) => (
        <article
          key={question.key}
          data-question={question.key}
          className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200"
        >
          <h3 className="font-semibold break-words">{question.title}</h3>
          {"choices" in question ? (
            <ul className="mt-2 flex flex-col gap-2">
              {question.choices.map((choice) => (
                <li key={choice.value} className="flex flex-col gap-1 text-sm">
                  <div className="flex justify-between gap-4">
                    <span>{choice.label}</span>
                    <span className="tabular-nums">
                      {t("surveys:results_choice", { count: choice.count, percent: choice.percent })}
                    </span>
                  </div>
                  <div className="h-2 rounded bg-gray-100" aria-hidden>
                    <div className="h-2 rounded bg-brand-600" style={{ width: `${choice.percent}%` }} />
                  </div>
                </li>
              ))}
            </ul>
          ) : question.texts.length === 0 ? (
            <p className="mt-2 text-sm text-muted">{t("surveys:results_no_texts")}</p>
          ) : (
            <ul className="mt-2 flex flex-col gap-2 text-sm">
              {question.texts.map((text, index) => (
                <li key={index} className="rounded-md bg-gray-50 px-3 py-2 break-words whitespace-pre-line">
                  {text}
                </li>
              ))}
            </ul>
          )}
        </article>
      ))}
    </section>
  );
}

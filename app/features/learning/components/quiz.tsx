// The quiz component (spec §2, §5): checkbox answers, a 'Check my answer' button and a hint toggle per
// question; an answer is correct only when the chosen set equals the correct set exactly (isQuizAnswerCorrect).
// The check runs in the browser, so the correct set is sent with the page: acceptable for a self-check quiz
// that grades nothing and records nothing (anyone can read it from the page's data).
import { useId, useState } from "react";
import { CheckCircle2, Lightbulb, XCircle } from "lucide-react";
import { isQuizAnswerCorrect, type ComponentData } from "#core/catalog/component-data.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Button } from "#app/ui/button.tsx";

type Question = ComponentData<"quiz">["questions"][number];

export function Quiz({ quiz }: { quiz: ComponentData<"quiz"> }) {
  const t = useT();
  const id = useId();
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-lg border border-gray-200 bg-white p-4 sm:p-6"
      data-component="quiz"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t("learning:quiz_title")}
      </h2>
      <ol className="mt-4 flex flex-col gap-6">
        {quiz.questions.map((question, index) => (
          <li key={index}>
            <QuizQuestion question={question} number={index + 1} count={quiz.questions.length} />
          </li>
        ))}
      </ol>
    </section>
  );
}

function QuizQuestion({ question, number, count }: { question: Question; number: number; count: number }) {
  const t = useT();
  const id = useId();
  const [selected, setSelected] = useState<number[]>([]);
  const [result, setResult] = useState<"correct" | "incorrect" | null>(null);
  const [hintShown, setHintShown] = useState(false);

  function toggle(index: number, checked: boolean) {
    setSelected((current) => (checked ? [...current, index] : current.filter((i) => i !== index)));
    // A changed answer has not been checked yet.
    setResult(null);
  }

  return (
    <fieldset className="flex flex-col gap-3" data-testid="quiz-question">
      <legend className="font-medium">
        {count > 1 && <span className="mr-1 text-muted">{t("learning:quiz_question_number", { number })}</span>}
        {question.question}
      </legend>
      <div className="flex flex-col gap-2">
        {question.answers.map((answer, index) => (
          <label
            key={index}
            htmlFor={`${id}-${index}`}
            className="flex min-h-10 cursor-pointer items-start gap-3 rounded-md border border-gray-200 px-3 py-2 hover:bg-gray-50 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
          >
            <input
              id={`${id}-${index}`}
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 accent-brand-600"
              checked={selected.includes(index)}
              onChange={(event) => toggle(index, event.target.checked)}
            />
            <span>{answer}</span>
          </label>
        ))}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button onClick={() => setResult(isQuizAnswerCorrect(selected, question.correct) ? "correct" : "incorrect")}>
          {t("learning:quiz_check")}
        </Button>
        {question.hint && (
          <Button
            variant="ghost"
            aria-expanded={hintShown}
            aria-controls={`${id}-hint`}
            onClick={() => setHintShown((shown) => !shown)}
          >
            <Lightbulb aria-hidden className="size-4" />
            {hintShown ? t("learning:quiz_hide_hint") : t("learning:quiz_show_hint")}
          </Button>
        )}
      </div>
      {question.hint && (
        <p id={`${id}-hint`} hidden={!hintShown} className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {question.hint}
        </p>
      )}
      <p role="status" className="min-h-6 text-sm font-semibold">
        {result === "correct" && (
          <span className="inline-flex items-center gap-1 text-emerald-700">
            <CheckCircle2 aria-hidden className="size-4" />
            {t("learning:quiz_correct")}
          </span>
        )}
        {result === "incorrect" && (
          <span className="inline-flex items-center gap-1 text-red-700">
            <XCircle aria-hidden className="size-4" />
            {t("learning:quiz_incorrect")}
          </span>
        )}
      </p>
    </fieldset>
  );
}

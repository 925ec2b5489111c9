// The student's exam (issue 17, item 2): the intro (pass mark, time limit, questions, attempts left, earlier
// attempts), then the open attempt: the dynamic question form (app/features/surveys/question-form.tsx), a visible
// countdown from the server's deadline, answers autosaved (debounced) with their status read out politely, and
// submitting after a confirmation. When the time runs out the attempt is handed in (the server counts what was
// saved by the deadline) and the result opens.
import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { Clock } from "lucide-react";
import type { AttemptView } from "#core/exams/present-attempt.ts";
import type { ExamPage } from "#core/exams/get-exam-page.ts";
import { questionKey } from "#core/surveys/question-key.ts";
import { QuestionForm, type QuestionValue, type QuestionValues } from "#app/features/surveys/question-form.tsx";
import { MarkdownText } from "#app/features/learning/components/markdown-text.tsx";
import { ApiError, api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Button } from "#app/ui/button.tsx";
import { ConfirmDialog } from "#app/ui/confirm-dialog.tsx";
import { FormAlert } from "#app/ui/field.tsx";
import { AttemptBadge } from "./attempt-badge.tsx";
import { clockText, msLeft, serverOffsetMs } from "./countdown.ts";

const AUTOSAVE_MS = 800;

/** The stored answers as the form keeps them: a checkbox question's chosen values become its value -> label map. */
function formValues(attempt: AttemptView): QuestionValues {
  const values: QuestionValues = {};
  for (const question of attempt.questions) {
    const key = questionKey(question.title);
    const answer = attempt.answers[key];
    if (answer === undefined) continue;
    values[key] = Array.isArray(answer)
      ? Object.fromEntries(question.options.filter((o) => answer.includes(o.value)).map((o) => [o.value, o.label]))
      : answer;
  }
  return values;
}

type SaveState = "idle" | "saving" | "saved" | "failed";

function AttemptForm({ examId, attempt }: { examId: number; attempt: AttemptView }) {
  const t = useT();
  const navigate = useNavigate();
  const [values, setValues] = useState<QuestionValues>(() => formValues(attempt));
  const [state, setState] = useState<SaveState>("idle");
  const [alert, setAlert] = useState<string>();
  const pending = useRef<Record<string, QuestionValue>>({});
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // The server's clock as of the page's load; the first render shows the same time on the server and in the
  // browser (deadline minus the server's time), the interval then counts on.
  const [offset] = useState(() => serverOffsetMs(attempt.server_now, Date.now()));
  const [left, setLeft] = useState<number | null>(() =>
    attempt.deadline_at ? msLeft(attempt.deadline_at, 0, Date.parse(attempt.server_now)) : null,
  );
  const finished = useRef(false);

  const flush = useCallback(async () => {
    clearTimeout(timer.current);
    const answers = pending.current;
    if (Object.keys(answers).length === 0) return true;
    pending.current = {};
    setState("saving");
    try {
      await api("PUT", `/my/exams/attempts/${attempt.id}/answers`, { answers }, { handled: [409] });
      setState("saved");
      return true;
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 409) setAlert(failure.message);
      else pending.current = { ...answers, ...pending.current };
      setState("failed");
      return false;
    }
  }, [attempt.id]);

  const submit = useCallback(async () => {
    if (finished.current) return;
    finished.current = true;
    await flush();
    await api("POST", `/my/exams/attempts/${attempt.id}/submit`);
    await navigate(`/my/exams/${examId}/attempts/${attempt.id}`);
  }, [attempt.id, examId, flush, navigate]);

  useEffect(() => {
    if (!attempt.deadline_at) return;
    const deadline = attempt.deadline_at;
    const tick = setInterval(() => {
      const now = msLeft(deadline, offset, Date.now());
      setLeft(now);
      if (now === 0) {
        clearInterval(tick);
        void submit();
      }
    }, 1000);
    return () => clearInterval(tick);
  }, [attempt.deadline_at, offset, submit]);

  useEffect(() => () => clearTimeout(timer.current), []);

  function change(key: string, value: QuestionValue) {
    setValues((current) => ({ ...current, [key]: value }));
    pending.current = { ...pending.current, [key]: value };
    setState("saving");
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(), AUTOSAVE_MS);
  }

  const low = left !== null && left < 60_000;
  return (
    <form
      noValidate
      className="flex flex-col gap-6"
      data-attempt={attempt.id}
      onSubmit={(event) => event.preventDefault()}
    >
      <div className="sticky top-0 z-10 flex flex-wrap items-center justify-between gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-gray-200">
        <p className="text-sm font-medium">{t("exams:attempt_n", { n: attempt.number })}</p>
        {left !== null && (
          <p
            className={`inline-flex items-center gap-1 text-sm font-semibold tabular-nums ${low ? "text-red-700" : "text-ink"}`}
            data-testid="exam-countdown"
          >
            <Clock aria-hidden className="size-4" />
            <span>{t("exams:time_left", { time: clockText(left) })}</span>
          </p>
        )}
        <p role="status" aria-live="polite" className="text-sm text-muted" data-testid="autosave-status">
          {state === "saving"
            ? t("exams:saving")
            : state === "saved"
              ? t("exams:saved_answers")
              : state === "failed"
                ? t("exams:save_failed")
                : ""}
        </p>
      </div>
      <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6">
        <QuestionForm questions={attempt.questions} values={values} errors={{}} onChange={change} />
      </div>
      <FormAlert message={alert} />
      <div>
        <ConfirmDialog
          trigger={<Button>{t("exams:submit")}</Button>}
          title={t("exams:submit_title")}
          description={t("exams:submit_text")}
          confirmLabel={t("exams:submit")}
          cancelLabel={t("exams:keep_answering")}
          onConfirm={submit}
        />
      </div>
    </form>
  );
}

export function ExamTaker({ page }: { page: ExamPage }) {
  const t = useT();
  const [attempt, setAttempt] = useState(page.open);
  const [alert, setAlert] = useState<string>();
  const [busy, setBusy] = useState(false);
  const { exam } = page;

  async function start() {
    setBusy(true);
    setAlert(undefined);
    try {
      const answer = await api<{ attempt: AttemptView }>("POST", `/my/exams/${exam.id}/start`, {}, { handled: [409] });
      setAttempt(answer.attempt);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 409) setAlert(failure.message);
    } finally {
      setBusy(false);
    }
  }

  if (attempt) return <AttemptForm examId={exam.id} attempt={attempt} />;
  const canStart = !exam.archived && page.attempts_left !== 0;
  return (
    <div className="flex flex-col gap-6">
      <section className="flex flex-col gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6">
        {exam.description.trim() && <MarkdownText markdown={exam.description} />}
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          <div>
            <dt className="text-sm text-muted">{t("exams:fact_questions")}</dt>
            <dd className="font-semibold tabular-nums">{exam.question_count}</dd>
          </div>
          <div>
            <dt className="text-sm text-muted">{t("exams:fact_pass_mark")}</dt>
            <dd className="font-semibold tabular-nums">{exam.pass_percent}%</dd>
          </div>
          <div>
            <dt className="text-sm text-muted">{t("exams:fact_time_limit")}</dt>
            <dd className="font-semibold">
              {exam.time_limit_minutes === null
                ? t("exams:no_time_limit")
                : t("exams:minutes", { count: exam.time_limit_minutes })}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-muted">{t("exams:fact_attempts_left")}</dt>
            <dd className="font-semibold tabular-nums" data-testid="attempts-left">
              {page.attempts_left === null ? t("exams:unlimited") : page.attempts_left}
            </dd>
          </div>
        </dl>
        <FormAlert message={alert} />
        {canStart ? (
          <div>
            <Button type="button" disabled={busy} onClick={() => void start()}>
              {page.attempts.length === 0 ? t("exams:start") : t("exams:start_again")}
            </Button>
          </div>
        ) : (
          <p className="text-sm text-muted">{exam.archived ? t("exams:archived") : t("exams:no_attempts_left")}</p>
        )}
      </section>
      {page.attempts.length > 0 && (
        <section aria-labelledby="exam-attempts" className="flex flex-col gap-3">
          <h2 id="exam-attempts" className="text-lg font-semibold">
            {t("exams:your_attempts")}
          </h2>
          <ul className="divide-y divide-gray-100 rounded-xl bg-white shadow-sm ring-1 ring-gray-200">
            {page.attempts.map((one) => (
              <li key={one.id} className="flex flex-wrap items-center gap-3 p-4">
                <Link
                  to={`/my/exams/${exam.id}/attempts/${one.id}`}
                  className="font-medium text-brand-700 underline-offset-4 hover:underline"
                >
                  {t("exams:attempt_n", { n: one.number })}
                </Link>
                <AttemptBadge status={one.status} passed={one.passed} />
                {one.score !== null && (
                  <span className="text-sm text-muted tabular-nums">
                    {t("exams:score", { score: one.score, max: one.max_score })}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

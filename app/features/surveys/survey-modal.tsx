// The survey modal (spec §2, §4): shown when a survey is due for the student where they are (POST /survey/due:
// the student area, or a course's watch page after the chosen lecture or at completion). A Radix dialog (focus
// moves in and is trapped; Escape or the close button closes it). 'Remind me later' and closing store the
// postponement (POST /survey/{id}/postpone: hidden for 24 h); sending stores the answers (POST /survey/submit).
// `refreshKey`: asked again when it changes (a lecture just completed).
import { useEffect, useState } from "react";
import { isQuestionInvalid } from "#core/surveys/question-errors.ts";
import { questionKey } from "#core/surveys/question-key.ts";
import type { SurveyView } from "#core/surveys/survey-records.ts";
import { MarkdownText } from "#app/features/learning/components/markdown-text.tsx";
import { ApiError, api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Button } from "#app/ui/button.tsx";
import { Dialog } from "#app/ui/dialog.tsx";
import { FormAlert } from "#app/ui/field.tsx";
import { toast } from "#app/ui/toast.tsx";
import { QuestionForm, type QuestionErrors, type QuestionValues } from "./question-form.tsx";

/** The modal's own check before sending: required questions left empty (the server checks everything again). */
function missingAnswers(survey: SurveyView, values: QuestionValues, message: string): QuestionErrors {
  const errors: QuestionErrors = {};
  for (const question of survey.questions) {
    if (question.type === "separator" || !question.required) continue;
    const key = questionKey(question.title);
    const value = values[key];
    const empty = typeof value === "object" ? Object.keys(value).length === 0 : !value?.trim();
    if (empty) errors[`response.${key}`] = [message];
  }
  return errors;
}

export function DueSurvey({ courseId, refreshKey }: { courseId?: number; refreshKey?: unknown }) {
  const [survey, setSurvey] = useState<SurveyView | null>(null);
  useEffect(() => {
    let current = true;
    api<{ survey: SurveyView | null }>("POST", "/survey/due", courseId ? { course_id: courseId } : {}, {
      silent: true,
    })
      .then((answer) => {
        if (current) setSurvey(answer.survey);
      })
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [courseId, refreshKey]);
  if (!survey) return null;
  return <SurveyModal key={survey.id} survey={survey} onDone={() => setSurvey(null)} />;
}

export function SurveyModal({ survey, onDone }: { survey: SurveyView; onDone: () => void }) {
  const t = useT();
  const [values, setValues] = useState<QuestionValues>({});
  const [errors, setErrors] = useState<QuestionErrors>({});
  const [alert, setAlert] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function postpone() {
    onDone();
    await api("POST", `/survey/${survey.id}/postpone`, undefined, { silent: true }).catch(() => {});
  }

  async function send() {
    const missing = missingAnswers(survey, values, t("validation:required"));
    setErrors(missing);
    if (Object.keys(missing).length > 0) {
      setAlert(t("validation:summary"));
      return;
    }
    setBusy(true);
    setAlert(undefined);
    try {
      await api("POST", "/survey/submit", { survey_id: survey.id, response: values }, { handled: [409] });
      toast.success(t("surveys:thanks"));
      onDone();
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 422) {
        setErrors(failure.errors);
        const general = survey.questions.some((q) => q.type !== "separator" && isQuestionInvalid(q, failure.errors));
        setAlert(general ? t("validation:summary") : failure.message);
      } else if (failure instanceof ApiError && failure.status === 409) {
        onDone();
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      size="md"
      onOpenChange={(open) => {
        if (!open) void postpone();
      }}
      title={survey.title}
    >
      <form
        noValidate
        aria-label={t("surveys:modal_label")}
        className="mt-4 flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        {survey.description && (
          <div className="prose prose-sm max-w-none text-muted">
            <MarkdownText markdown={survey.description} />
          </div>
        )}
        <QuestionForm
          questions={survey.questions}
          values={values}
          errors={errors}
          onChange={(key, value) => setValues((current) => ({ ...current, [key]: value }))}
        />
        <FormAlert message={alert} />
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="secondary" onClick={() => void postpone()}>
            {t("surveys:remind_later")}
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? t("surveys:sending") : t("surveys:submit")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

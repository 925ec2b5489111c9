// The surveys the student bought, in /my (issue 17, item 1): each with 'Answer the survey' (the same modal as the
// due survey: Remind me later, answered once) until answered, then the day it was answered. After answering, the
// page's data is read again so the card shows it answered.
import { useState } from "react";
import { useRevalidator } from "react-router";
import { ClipboardList } from "lucide-react";
import type { SurveyView } from "#core/surveys/survey-records.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Button } from "#app/ui/button.tsx";
import { SurveyModal } from "./survey-modal.tsx";

export type MySurveyView = { survey: SurveyView; answered: string | null };

export function MySurveys({ surveys }: { surveys: MySurveyView[] }) {
  const t = useT();
  const revalidator = useRevalidator();
  const [open, setOpen] = useState<SurveyView | null>(null);
  return (
    <section aria-labelledby="my-surveys" className="flex flex-col gap-4">
      <h2 id="my-surveys" className="text-xl font-semibold">
        {t("surveys:my_title")}
      </h2>
      {surveys.map(({ survey, answered }) => (
        <div
          key={survey.id}
          data-my-survey={survey.id}
          className="flex flex-col gap-3 rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200 sm:flex-row sm:items-center"
        >
          <ClipboardList aria-hidden className="size-6 shrink-0 text-brand-700" />
          <p className="min-w-0 flex-1 font-semibold break-words">{survey.title}</p>
          {answered ? (
            <p className="text-sm text-muted">{t("surveys:my_answered", { date: answered })}</p>
          ) : (
            <Button
              type="button"
              className="self-start"
              aria-label={t("surveys:my_answer_label", { title: survey.title })}
              onClick={() => setOpen(survey)}
            >
              {t("surveys:my_answer")}
            </Button>
          )}
        </div>
      ))}
      {open && (
        <SurveyModal
          key={open.id}
          survey={open}
          onDone={() => {
            setOpen(null);
            void revalidator.revalidate();
          }}
        />
      )}
    </section>
  );
}

// One attempt in the admin's grading queue (issue 17, item 2): each open answer with a points field (0..the
// question's points) and a comment; saved together to POST /home/exams/attempts/{id}/grade, after which the
// queue reloads (a fully graded attempt leaves it and its student is mailed).
import { useState } from "react";
import { useRevalidator } from "react-router";
import type { GradingItem } from "#core/exams/list-grading-queue.ts";
import { ApiError, api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Button } from "#app/ui/button.tsx";
import { Field, FormAlert } from "#app/ui/field.tsx";
import { FieldShell } from "#app/ui/field-shell.tsx";
import { toast } from "#app/ui/toast.tsx";

export function GradingForm({ item }: { item: GradingItem }) {
  const t = useT();
  const revalidator = useRevalidator();
  const [grades, setGrades] = useState(() => item.answers.map(() => ({ points: "", comment: "" })));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [alert, setAlert] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function save() {
    setBusy(true);
    setErrors({});
    setAlert(undefined);
    try {
      await api("POST", `/home/exams/attempts/${item.attempt_id}/grade`, {
        grades: item.answers.map((answer, i) => ({
          key: answer.key,
          points: grades[i]!.points,
          comment: grades[i]!.comment,
        })),
      });
      toast.success(t("exams:graded"));
      await revalidator.revalidate();
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 422) {
        setErrors(failure.errors);
        setAlert(t("validation:summary"));
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      noValidate
      aria-label={t("exams:grading_attempt", { name: item.student_name, exam: item.exam_title })}
      className="flex flex-col gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <h2 className="text-lg font-semibold break-words">
        {t("exams:grading_attempt", { name: item.student_name, exam: item.exam_title })}
      </h2>
      {item.answers.map((answer, i) => (
        <div key={answer.key} className="flex flex-col gap-3 border-t border-gray-100 pt-3">
          <p className="font-medium break-words">{answer.title}</p>
          <blockquote className="rounded-md bg-gray-50 p-3 text-sm break-words whitespace-pre-wrap">
            {answer.answer}
          </blockquote>
          <div className="grid gap-3 sm:grid-cols-[1fr_3fr]">
            <Field
              label={t("exams:grade_points", { max: answer.points })}
              name={`grades.${i}.points`}
              inputMode="numeric"
              value={grades[i]!.points}
              errors={errors[`grades.${i}.points`]}
              onChange={(event) =>
                setGrades((all) => all.map((g, j) => (j === i ? { ...g, points: event.target.value } : g)))
              }
            />
            <FieldShell
              label={t("exams:grade_comment")}
              name={`grades.${i}.comment`}
              errors={errors[`grades.${i}.comment`]}
            >
              {(control) => (
                <textarea
                  id={control.id}
                  rows={2}
                  value={grades[i]!.comment}
                  aria-invalid={control.invalid || undefined}
                  aria-describedby={control.describedBy}
                  onChange={(event) =>
                    setGrades((all) => all.map((g, j) => (j === i ? { ...g, comment: event.target.value } : g)))
                  }
                  className={control.controlClass}
                />
              )}
            </FieldShell>
          </div>
        </div>
      ))}
      <FormAlert message={alert} />
      <div>
        <Button type="submit" disabled={busy}>
          {t("exams:grade_save")}
        </Button>
      </div>
    </form>
  );
}

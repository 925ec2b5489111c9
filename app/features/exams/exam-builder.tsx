// The admin's exam builder (issue 17, item 2), after the survey builder's pattern: title, markdown description,
// where it belongs (a course, optionally required for its completion, or a product sold alone), the pool's
// questions (text, long text, single and multiple choice with the correct options ticked, points each), how many
// are drawn per attempt, the pass mark, time limit, attempts and when the correct answers show. Saved as JSON to
// POST /home/exams[/{id}]; the server's field errors (e.g. questions.2.options) show under the field they name.
import { useState } from "react";
import { useNavigate } from "react-router";
import { Plus, Trash2 } from "lucide-react";
import { examQuestionTypes, showAnswersChoices, type ExamQuestionType } from "#core/exams/schemas.ts";
import type { ExamPlaces } from "#core/exams/list-exam-places.ts";
import type { ExamShowAnswers } from "#platform/db/schema.ts";
import { ApiError, api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Button } from "#app/ui/button.tsx";
import { ItemHeader } from "#app/ui/item-header.tsx";
import { Checkbox, Field, FormAlert } from "#app/ui/field.tsx";
import { FieldShell } from "#app/ui/field-shell.tsx";
import { SelectField } from "#app/ui/select-field.tsx";
import { toast } from "#app/ui/toast.tsx";

type Option = { value: string; label: string; correct: boolean };
type DraftQuestion = { type: ExamQuestionType; title: string; placeholder: string; points: number; options: Option[] };
export type ExamDraft = {
  id?: number;
  title: string;
  description: string;
  course_id: number | null;
  product_id: number | null;
  required_for_completion: boolean;
  questions: DraftQuestion[];
  draw_count: number | null;
  pass_percent: number;
  time_limit_minutes: number | null;
  max_attempts: number | null;
  show_answers: ExamShowAnswers;
};

export const emptyExam: ExamDraft = {
  title: "",
  description: "",
  course_id: null,
  product_id: null,
  required_for_completion: false,
  questions: [],
  draw_count: null,
  pass_percent: 60,
  time_limit_minutes: null,
  max_attempts: null,
  show_answers: "never",
};

function newQuestion(type: ExamQuestionType): DraftQuestion {
  const choice = type === "single" || type === "multiple";
  return {
    type,
    title: "",
    placeholder: "",
    points: 1,
    options: choice
      ? [
          { value: "1", label: "", correct: true },
          { value: "2", label: "", correct: false },
        ]
      : [],
  };
}

const numberOrNull = (text: string) => (text.trim() === "" ? null : Number(text));

export function ExamBuilder({ initial, places }: { initial: ExamDraft; places: ExamPlaces }) {
  const t = useT();
  const navigate = useNavigate();
  const [exam, setExam] = useState(initial);
  const [newType, setNewType] = useState<ExamQuestionType>("single");
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [alert, setAlert] = useState<string>();
  const [busy, setBusy] = useState(false);

  const set = (patch: Partial<ExamDraft>) => setExam((current) => ({ ...current, ...patch }));
  const setQuestion = (index: number, patch: Partial<DraftQuestion>) =>
    setExam((current) => ({
      ...current,
      questions: current.questions.map((q, i) => (i === index ? { ...q, ...patch } : q)),
    }));

  async function save() {
    setBusy(true);
    setErrors({});
    setAlert(undefined);
    try {
      const { id: _id, ...body } = exam;
      const url = exam.id ? `/home/exams/${exam.id}` : "/home/exams";
      const saved = await api<{ exam: { id: number } }>("POST", url, body);
      toast.success(t("exams:saved"));
      if (!exam.id) await navigate(`/home/exams/${saved.exam.id}`);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 422) {
        setErrors(failure.errors);
        setAlert(failure.errors._?.[0] ?? failure.errors.questions?.[0] ?? t("validation:summary"));
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      noValidate
      className="flex flex-col gap-6"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <section className="flex flex-col gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6">
        <Field
          label={t("exams:field_title")}
          name="title"
          value={exam.title}
          errors={errors.title}
          onChange={(event) => set({ title: event.target.value })}
        />
        <FieldShell label={t("exams:field_description")} name="description" errors={errors.description}>
          {(control) => (
            <textarea
              id={control.id}
              rows={3}
              value={exam.description}
              aria-invalid={control.invalid || undefined}
              aria-describedby={control.describedBy}
              onChange={(event) => set({ description: event.target.value })}
              className={control.controlClass}
            />
          )}
        </FieldShell>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label={t("exams:field_course")}
            name="course_id"
            value={exam.course_id ?? ""}
            errors={errors.course_id}
            onChange={(event) => set({ course_id: Number(event.target.value) || null })}
            options={[
              { value: "", label: "—" },
              ...places.courses.map((c) => ({ value: String(c.id), label: c.title })),
            ]}
          />
          <SelectField
            label={t("exams:field_product")}
            name="product_id"
            value={exam.product_id ?? ""}
            errors={errors.product_id}
            onChange={(event) => set({ product_id: Number(event.target.value) || null })}
            options={[
              { value: "", label: "—" },
              ...places.products.map((p) => ({ value: String(p.id), label: p.title })),
            ]}
          />
        </div>
        {exam.course_id !== null && (
          <Checkbox
            label={t("exams:field_required")}
            name="required_for_completion"
            checked={exam.required_for_completion}
            onChange={(event) => set({ required_for_completion: event.target.checked })}
          />
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t("exams:field_pass_percent")}
            name="pass_percent"
            inputMode="numeric"
            value={String(exam.pass_percent)}
            errors={errors.pass_percent}
            onChange={(event) => set({ pass_percent: Number(event.target.value) })}
          />
          <Field
            label={t("exams:field_draw_count")}
            name="draw_count"
            inputMode="numeric"
            value={exam.draw_count === null ? "" : String(exam.draw_count)}
            errors={errors.draw_count}
            onChange={(event) => set({ draw_count: numberOrNull(event.target.value) })}
          />
          <Field
            label={t("exams:field_time_limit")}
            name="time_limit_minutes"
            inputMode="numeric"
            value={exam.time_limit_minutes === null ? "" : String(exam.time_limit_minutes)}
            errors={errors.time_limit_minutes}
            onChange={(event) => set({ time_limit_minutes: numberOrNull(event.target.value) })}
          />
          <Field
            label={t("exams:field_max_attempts")}
            name="max_attempts"
            inputMode="numeric"
            value={exam.max_attempts === null ? "" : String(exam.max_attempts)}
            errors={errors.max_attempts}
            onChange={(event) => set({ max_attempts: numberOrNull(event.target.value) })}
          />
        </div>
        <SelectField
          label={t("exams:field_show_answers")}
          name="show_answers"
          value={exam.show_answers}
          errors={errors.show_answers}
          onChange={(event) => set({ show_answers: event.target.value as ExamShowAnswers })}
          options={showAnswersChoices.map((value) => ({ value, label: t(`exams:show_${value}`) }))}
        />
      </section>

      <section aria-labelledby="exam-questions" className="flex flex-col gap-4">
        <h2 id="exam-questions" className="text-xl font-semibold">
          {t("exams:pool", { count: exam.questions.length })}
        </h2>
        <ol className="flex flex-col gap-4">
          {exam.questions.map((question, index) => {
            const n = index + 1;
            const at = (field: string) => errors[`questions.${index}.${field}`];
            const choice = question.type === "single" || question.type === "multiple";
            const setOption = (o: number, patch: Partial<Option>) =>
              setQuestion(index, {
                options: question.options.map((x, i) =>
                  i === o
                    ? { ...x, ...patch }
                    : question.type === "single" && patch.correct
                      ? { ...x, correct: false }
                      : x,
                ),
              });
            return (
              <li
                key={index}
                aria-label={t("surveys:question_n", { n })}
                className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200"
              >
                <ItemHeader
                  title={`${t("surveys:question_n", { n })} · ${t(`exams:type_${question.type}`)}`}
                  index={index}
                  items={exam.questions}
                  onItems={(next) => set({ questions: next })}
                  labels={{
                    up: t("surveys:move_up", { n }),
                    down: t("surveys:move_down", { n }),
                    remove: t("surveys:remove_question", { n }),
                  }}
                />
                <div className="grid gap-3 sm:grid-cols-[3fr_1fr]">
                  <Field
                    label={t("surveys:question_title")}
                    name={`questions.${index}.title`}
                    value={question.title}
                    errors={at("title")}
                    onChange={(event) => setQuestion(index, { title: event.target.value })}
                  />
                  <Field
                    label={t("exams:question_points")}
                    name={`questions.${index}.points`}
                    inputMode="numeric"
                    value={String(question.points)}
                    errors={at("points")}
                    onChange={(event) => setQuestion(index, { points: Number(event.target.value) })}
                  />
                </div>
                {choice && (
                  <fieldset className="flex flex-col gap-2">
                    <legend className="mb-1 text-sm font-medium text-ink">{t("exams:options")}</legend>
                    {question.options.map((option, o) => (
                      <div key={o} className="grid grid-cols-[1fr_auto] items-end gap-2 sm:grid-cols-[2fr_auto_auto]">
                        <Field
                          label={t("surveys:option_label")}
                          name={`questions.${index}.options.${o}.label`}
                          value={option.label}
                          errors={at(`options.${o}.label`)}
                          onChange={(event) => setOption(o, { label: event.target.value })}
                        />
                        <Checkbox
                          label={t("exams:option_correct")}
                          name={`questions.${index}.options.${o}.correct`}
                          checked={option.correct}
                          onChange={(event) => setOption(o, { correct: event.target.checked })}
                        />
                        <Button
                          type="button"
                          variant="ghost"
                          aria-label={t("surveys:remove_option", { n: o + 1 })}
                          onClick={() => setQuestion(index, { options: question.options.filter((_, i) => i !== o) })}
                        >
                          <Trash2 aria-hidden className="size-4" />
                        </Button>
                      </div>
                    ))}
                    {at("options") && <p className="text-sm text-red-700">{at("options")!.join(" ")}</p>}
                    <div>
                      <Button
                        type="button"
                        variant="secondary"
                        onClick={() =>
                          setQuestion(index, {
                            options: [
                              ...question.options,
                              {
                                value: String(Math.max(0, ...question.options.map((x) => Number(x.value) || 0)) + 1),
                                label: "",
                                correct: false,
                              },
                            ],
                          })
                        }
                      >
                        <Plus aria-hidden className="size-4" />
                        {t("surveys:add_option")}
                      </Button>
                    </div>
                  </fieldset>
                )}
              </li>
            );
          })}
        </ol>
        <div className="flex flex-wrap items-end gap-2">
          <SelectField
            label={t("surveys:question_type")}
            name="new_question_type"
            value={newType}
            onChange={(event) => setNewType(event.target.value as ExamQuestionType)}
            options={examQuestionTypes.map((value) => ({ value, label: t(`exams:type_${value}`) }))}
          />
          <Button
            type="button"
            variant="secondary"
            onClick={() => set({ questions: [...exam.questions, newQuestion(newType)] })}
          >
            <Plus aria-hidden className="size-4" />
            {t("surveys:add_question")}
          </Button>
        </div>
      </section>
      <FormAlert message={alert} />
      <div>
        <Button type="submit" disabled={busy}>
          {t("exams:save")}
        </Button>
      </div>
    </form>
  );
}

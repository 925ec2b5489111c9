// The admin's survey builder (issue 17, item 1): title, markdown description, where it shows (the student area,
// a course after a chosen lecture or at its completion, sold as a product, or nowhere yet), and the questions of the dynamic form:
// added by type, removed, moved up and down with buttons (keyboard-friendly), each with its title, placeholder,
// required flag, kind of text, and options for choices. Saved as JSON to POST /home/surveys[/{id}]; the server's
// field errors (e.g. questions.2.options) show under the field they name.
import { useState } from "react";
import { useNavigate } from "react-router";
import { Plus, Trash2 } from "lucide-react";
import { inputTypes, questionTypes, surveyPlacements, type QuestionType } from "#core/surveys/schemas.ts";
import type { SurveyPlaceCourse } from "#core/surveys/list-survey-places.ts";
import type { SurveyPlacement } from "#platform/db/schema.ts";
import { ApiError, api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Button } from "#app/ui/button.tsx";
import { ItemHeader } from "#app/ui/item-header.tsx";
import { Checkbox, Field, FormAlert } from "#app/ui/field.tsx";
import { FieldShell } from "#app/ui/field-shell.tsx";
import { SelectField } from "#app/ui/select-field.tsx";
import { toast } from "#app/ui/toast.tsx";

type Option = { value: string; label: string };
type DraftQuestion = {
  type: QuestionType;
  title: string;
  placeholder: string;
  required: boolean;
  inputType: (typeof inputTypes)[number];
  options: Option[];
};
export type SurveyDraft = {
  id?: number;
  title: string;
  description: string;
  placement: SurveyPlacement;
  course_id: number | null;
  lecture_id: number | null;
  product_id: number | null;
  questions: DraftQuestion[];
};

export const emptySurvey: SurveyDraft = {
  title: "",
  description: "",
  placement: "none",
  course_id: null,
  lecture_id: null,
  product_id: null,
  questions: [],
};

function newQuestion(type: QuestionType): DraftQuestion {
  const choice = type === "select" || type === "checkbox";
  return {
    type,
    title: "",
    placeholder: "",
    required: false,
    inputType: "text",
    options: choice ? [{ value: "1", label: "" }] : [],
  };
}

export function SurveyBuilder({
  initial,
  courses,
  products,
}: {
  initial: SurveyDraft;
  courses: SurveyPlaceCourse[];
  products: { id: number; title: string }[];
}) {
  const t = useT();
  const navigate = useNavigate();
  const [survey, setSurvey] = useState(initial);
  const [newType, setNewType] = useState<QuestionType>("text");
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [alert, setAlert] = useState<string>();
  const [busy, setBusy] = useState(false);
  const course = courses.find((c) => c.id === survey.course_id);
  const onCourse = survey.placement === "course_lecture" || survey.placement === "course_completion";

  const set = (patch: Partial<SurveyDraft>) => setSurvey((current) => ({ ...current, ...patch }));
  const setQuestion = (index: number, patch: Partial<DraftQuestion>) =>
    setSurvey((current) => ({
      ...current,
      questions: current.questions.map((q, i) => (i === index ? { ...q, ...patch } : q)),
    }));

  async function save() {
    setBusy(true);
    setErrors({});
    setAlert(undefined);
    try {
      const { id: _id, ...body } = survey;
      const url = survey.id ? `/home/surveys/${survey.id}` : "/home/surveys";
      const saved = await api<{ survey: { id: number } }>("POST", url, body);
      toast.success(t("surveys:saved"));
      if (!survey.id) await navigate(`/home/surveys/${saved.survey.id}`);
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
          label={t("surveys:field_title")}
          name="title"
          value={survey.title}
          errors={errors.title}
          onChange={(event) => set({ title: event.target.value })}
        />
        <FieldShell label={t("surveys:field_description")} name="description" errors={errors.description}>
          {(control) => (
            <textarea
              id={control.id}
              rows={3}
              value={survey.description}
              aria-invalid={control.invalid || undefined}
              aria-describedby={control.describedBy}
              onChange={(event) => set({ description: event.target.value })}
              className={control.controlClass}
            />
          )}
        </FieldShell>
        <SelectField
          label={t("surveys:field_placement")}
          name="placement"
          value={survey.placement}
          errors={errors.placement}
          onChange={(event) => set({ placement: event.target.value as SurveyPlacement })}
          options={surveyPlacements.map((value) => ({ value, label: t(`surveys:option_${value}`) }))}
        />
        {onCourse && (
          <SelectField
            label={t("surveys:field_course")}
            name="course_id"
            value={survey.course_id ?? ""}
            errors={errors.course_id}
            onChange={(event) => set({ course_id: Number(event.target.value) || null, lecture_id: null })}
            options={[{ value: "", label: "—" }, ...courses.map((c) => ({ value: String(c.id), label: c.title }))]}
          />
        )}
        {survey.placement === "product" && (
          <SelectField
            label={t("surveys:field_product")}
            name="product_id"
            value={survey.product_id ?? ""}
            errors={errors.product_id}
            onChange={(event) => set({ product_id: Number(event.target.value) || null })}
            options={[{ value: "", label: "—" }, ...products.map((p) => ({ value: String(p.id), label: p.title }))]}
          />
        )}
        {survey.placement === "course_lecture" && (
          <SelectField
            label={t("surveys:field_lecture")}
            name="lecture_id"
            value={survey.lecture_id ?? ""}
            errors={errors.lecture_id}
            onChange={(event) => set({ lecture_id: Number(event.target.value) || null })}
            options={[
              { value: "", label: "—" },
              ...(course?.lectures ?? []).map((l) => ({ value: String(l.id), label: l.title })),
            ]}
          />
        )}
      </section>

      <section aria-labelledby="survey-questions" className="flex flex-col gap-4">
        <h2 id="survey-questions" className="text-xl font-semibold">
          {t("surveys:questions")}
        </h2>
        <ol className="flex flex-col gap-4">
          {survey.questions.map((question, index) => {
            const n = index + 1;
            const at = (field: string) => errors[`questions.${index}.${field}`];
            const choice = question.type === "select" || question.type === "checkbox";
            return (
              <li
                key={index}
                aria-label={t("surveys:question_n", { n })}
                className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200"
              >
                <ItemHeader
                  title={`${t("surveys:question_n", { n })} · ${t(`surveys:type_${question.type}`)}`}
                  index={index}
                  items={survey.questions}
                  onItems={(next) => set({ questions: next })}
                  labels={{
                    up: t("surveys:move_up", { n }),
                    down: t("surveys:move_down", { n }),
                    remove: t("surveys:remove_question", { n }),
                  }}
                />
                <Field
                  label={t("surveys:question_title")}
                  name={`questions.${index}.title`}
                  value={question.title}
                  errors={at("title")}
                  onChange={(event) => setQuestion(index, { title: event.target.value })}
                />
                {question.type !== "separator" && (
                  <div className="grid gap-3 sm:grid-cols-2">
                    <Field
                      label={t("surveys:question_placeholder")}
                      name={`questions.${index}.placeholder`}
                      value={question.placeholder}
                      onChange={(event) => setQuestion(index, { placeholder: event.target.value })}
                    />
                    {question.type === "text" && (
                      <SelectField
                        label={t("surveys:question_input_type")}
                        name={`questions.${index}.inputType`}
                        value={question.inputType}
                        onChange={(event) =>
                          setQuestion(index, { inputType: event.target.value as DraftQuestion["inputType"] })
                        }
                        options={inputTypes.map((value) => ({ value, label: t(`surveys:input_${value}`) }))}
                      />
                    )}
                    <Checkbox
                      label={t("surveys:question_required")}
                      name={`questions.${index}.required`}
                      checked={question.required}
                      onChange={(event) => setQuestion(index, { required: event.target.checked })}
                    />
                  </div>
                )}
                {choice && (
                  <fieldset className="flex flex-col gap-2">
                    <legend className="mb-1 text-sm font-medium text-ink">{t("surveys:options")}</legend>
                    {question.options.map((option, o) => (
                      <div key={o} className="grid grid-cols-[minmax(0,1fr)_minmax(0,2fr)_auto] items-end gap-2">
                        <Field
                          label={t("surveys:option_value")}
                          name={`questions.${index}.options.${o}.value`}
                          value={option.value}
                          errors={at(`options.${o}.value`)}
                          onChange={(event) =>
                            setQuestion(index, {
                              options: question.options.map((x, i) =>
                                i === o ? { ...x, value: event.target.value } : x,
                              ),
                            })
                          }
                        />
                        <Field
                          label={t("surveys:option_label")}
                          name={`questions.${index}.options.${o}.label`}
                          value={option.label}
                          errors={at(`options.${o}.label`)}
                          onChange={(event) =>
                            setQuestion(index, {
                              options: question.options.map((x, i) =>
                                i === o ? { ...x, label: event.target.value } : x,
                              ),
                            })
                          }
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
                            options: [...question.options, { value: String(question.options.length + 1), label: "" }],
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
            onChange={(event) => setNewType(event.target.value as QuestionType)}
            options={questionTypes.map((value) => ({ value, label: t(`surveys:type_${value}`) }))}
          />
          <Button
            type="button"
            variant="secondary"
            onClick={() => set({ questions: [...survey.questions, newQuestion(newType)] })}
          >
            <Plus aria-hidden className="size-4" />
            {t("surveys:add_question")}
          </Button>
        </div>
      </section>
      <FormAlert message={alert} />
      <div>
        <Button type="submit" disabled={busy}>
          {t("surveys:save")}
        </Button>
      </div>
    </form>
  );
}

// Editors of the lecture components the author writes here: markdown text (with a preview), an embedded
// video by URL (YouTube or Vimeo, checked with embedUrl) and a quiz (questions, answers, which answers are
// correct - a set: the student must pick exactly those - and a hint). Each checks its data with the same
// schema as the server before saving; the server's 422 comes back as errors below the fields.
import { type FormEvent, type ReactNode, useState } from "react";
import { Plus, Trash2 } from "lucide-react";
import { componentDataSchema } from "#core/catalog/authoring-schemas.ts";
import { type ComponentData, type ComponentKind, embedUrl } from "#core/catalog/component-data.ts";
import { fieldErrorsOf } from "#core/validation.ts";
import type { FieldMessages } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Button } from "#app/ui/button.tsx";
import { Field, FormAlert } from "#app/ui/field.tsx";
import { MarkdownField } from "./markdown-field.tsx";
import { TextareaField } from "./textarea-field.tsx";

/** Saves the data; resolves with the server's field errors (keys relative to data) when it refused them. */
export type SaveData = (data: unknown) => Promise<FieldMessages | null>;

type EditorProps<K extends ComponentKind> = { value: ComponentData<K> | null; onSave: SaveData; onCancel: () => void };

/** Checks data with the kind's schema: field errors keyed like the server's ("data.url"), translated. */
function useCheck(kind: ComponentKind) {
  const t = useT();
  return (data: unknown): FieldMessages | null => {
    const result = componentDataSchema(kind).safeParse(data);
    if (result.success) return null;
    const fields = fieldErrorsOf(result.error, data);
    return Object.fromEntries(
      Object.entries(fields).map(([f, list]) => [`data.${f}`, list.map((m) => t(m.key, m.values ?? {}))]),
    );
  };
}

function EditorForm({
  children,
  onSubmit,
  onCancel,
  pending,
  message,
  label,
}: {
  children: ReactNode;
  onSubmit: () => void;
  onCancel: () => void;
  pending: boolean;
  message?: string;
  label: string;
}) {
  const t = useT();
  return (
    <form
      aria-label={label}
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit();
      }}
      className="flex flex-col gap-4"
    >
      <FormAlert message={message} />
      {children}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending}>
          {t("authoring:save_component")}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t("cancel")}
        </Button>
      </div>
    </form>
  );
}

/** Runs the local check, then the save; keeps the errors to show. */
function useSaving(kind: ComponentKind, onSave: SaveData) {
  const t = useT();
  const check = useCheck(kind);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [pending, setPending] = useState(false);
  async function save(data: unknown) {
    const local = check(data);
    if (local) return setErrors(local);
    setPending(true);
    try {
      setErrors((await onSave(data)) ?? {});
    } finally {
      setPending(false);
    }
  }
  const message = Object.keys(errors).length ? t("validation:summary") : undefined;
  return { save, errors, pending, message };
}

export function MarkdownEditor({ value, onSave, onCancel }: EditorProps<"markdown">) {
  const t = useT();
  const [markdown, setMarkdown] = useState(value?.markdown ?? "");
  const { save, errors, pending, message } = useSaving("markdown", onSave);
  return (
    <EditorForm
      label={t("authoring:component_editor", { kind: t("authoring:kind_markdown") })}
      onSubmit={() => save({ markdown })}
      onCancel={onCancel}
      pending={pending}
      message={message}
    >
      <MarkdownField
        label={t("authoring:markdown_text")}
        name="markdown"
        value={markdown}
        onChange={setMarkdown}
        errors={errors["data.markdown"]}
        rows={12}
        maxLength={100_000}
      />
    </EditorForm>
  );
}

export function EmbedEditor({ value, onSave, onCancel }: EditorProps<"embed">) {
  const t = useT();
  const [url, setUrl] = useState(value?.url ?? "");
  const { save, errors, pending, message } = useSaving("embed", onSave);
  const player = url.trim() ? embedUrl(url.trim()) : null;
  return (
    <EditorForm
      label={t("authoring:component_editor", { kind: t("authoring:kind_embed") })}
      onSubmit={() => save({ url: url.trim() })}
      onCancel={onCancel}
      pending={pending}
      message={message}
    >
      <Field
        label={t("authoring:embed_url")}
        name="url"
        type="url"
        inputMode="url"
        value={url}
        onChange={(event) => setUrl(event.target.value)}
        hint={player ? t("authoring:embed_recognised") : t("authoring:embed_hint")}
        errors={errors["data.url"]}
        autoCapitalize="none"
        spellCheck={false}
      />
    </EditorForm>
  );
}

type QuestionState = { question: string; answers: string[]; correct: number[]; hint: string };

const MAX_ANSWERS = 12;
const MAX_QUESTIONS = 50;
const newQuestion = (): QuestionState => ({ question: "", answers: ["", ""], correct: [], hint: "" });

export function QuizEditor({ value, onSave, onCancel }: EditorProps<"quiz">) {
  const t = useT();
  const [questions, setQuestions] = useState<QuestionState[]>(() =>
    value?.questions.length
      ? value.questions.map((q) => ({
          question: q.question,
          answers: [...q.answers],
          correct: [...new Set(q.correct)],
          hint: q.hint ?? "",
        }))
      : [newQuestion()],
  );
  const { save, errors, pending, message } = useSaving("quiz", onSave);
  const update = (index: number, change: (q: QuestionState) => QuestionState) =>
    setQuestions((all) => all.map((q, i) => (i === index ? change(q) : q)));
  const errorsAt = (path: string) => errors[`data.questions.${path}`];

  return (
    <EditorForm
      label={t("authoring:component_editor", { kind: t("authoring:kind_quiz") })}
      onSubmit={() => save({ questions })}
      onCancel={onCancel}
      pending={pending}
      message={message}
    >
      {errors["data.questions"] && <FormAlert message={errors["data.questions"].join(" ")} />}
      <ol className="flex flex-col gap-4">
        {questions.map((q, qi) => (
          <li key={qi}>
            <fieldset className="flex flex-col gap-3 rounded-lg border border-gray-200 p-3 sm:p-4">
              <legend className="px-1 text-sm font-semibold text-ink">
                {t("authoring:question_n", { n: qi + 1 })}
              </legend>
              <TextareaField
                label={t("authoring:question_text")}
                name={`question-${qi}`}
                rows={2}
                maxLength={1000}
                value={q.question}
                onChange={(event) => update(qi, (x) => ({ ...x, question: event.target.value }))}
                errors={errorsAt(`${qi}.question`)}
              />
              <fieldset className="flex flex-col gap-2">
                <legend className="text-sm font-medium text-ink">{t("authoring:answers")}</legend>
                <p className="text-xs text-muted">{t("authoring:answers_hint")}</p>
                <ul className="flex flex-col gap-2">
                  {q.answers.map((answer, ai) => (
                    <li key={ai} className="flex items-start gap-2">
                      <label className="mt-2.5 flex shrink-0 items-center gap-1.5 text-xs text-muted">
                        <input
                          type="checkbox"
                          className="size-4 accent-brand-600"
                          checked={q.correct.includes(ai)}
                          aria-label={t("authoring:answer_correct", { n: ai + 1 })}
                          onChange={(event) =>
                            update(qi, (x) => ({
                              ...x,
                              correct: event.target.checked
                                ? [...x.correct, ai].sort((a, b) => a - b)
                                : x.correct.filter((c) => c !== ai),
                            }))
                          }
                        />
                        <span aria-hidden>{t("authoring:correct")}</span>
                      </label>
                      <Field
                        label={t("authoring:answer_n", { n: ai + 1 })}
                        name={`answer-${qi}-${ai}`}
                        className="min-w-0 flex-1 [&>label]:sr-only"
                        maxLength={500}
                        placeholder={t("authoring:answer_n", { n: ai + 1 })}
                        value={answer}
                        onChange={(event) =>
                          update(qi, (x) => ({
                            ...x,
                            answers: x.answers.map((a, i) => (i === ai ? event.target.value : a)),
                          }))
                        }
                        errors={errorsAt(`${qi}.answers.${ai}`)}
                      />
                      <Button
                        variant="ghost"
                        className="px-2 text-red-700"
                        disabled={q.answers.length <= 2}
                        aria-label={t("authoring:remove_answer", { n: ai + 1 })}
                        onClick={() =>
                          update(qi, (x) => ({
                            ...x,
                            answers: x.answers.filter((_, i) => i !== ai),
                            // indexes after the removed answer move up by one
                            correct: x.correct.filter((c) => c !== ai).map((c) => (c > ai ? c - 1 : c)),
                          }))
                        }
                      >
                        <Trash2 aria-hidden className="size-4" />
                      </Button>
                    </li>
                  ))}
                </ul>
                {(errorsAt(`${qi}.answers`) || errorsAt(`${qi}.correct`)) && (
                  <p className="text-sm text-red-700" role="alert">
                    {[
                      ...(errorsAt(`${qi}.answers`) ?? []),
                      ...(errorsAt(`${qi}.correct`) ? [t("authoring:correct_required")] : []),
                    ].join(" ")}
                  </p>
                )}
                <Button
                  variant="ghost"
                  className="self-start"
                  disabled={q.answers.length >= MAX_ANSWERS}
                  onClick={() => update(qi, (x) => ({ ...x, answers: [...x.answers, ""] }))}
                >
                  <Plus aria-hidden className="size-4" />
                  {t("authoring:add_answer")}
                </Button>
              </fieldset>
              <Field
                label={t("authoring:hint")}
                name={`hint-${qi}`}
                maxLength={1000}
                value={q.hint}
                onChange={(event) => update(qi, (x) => ({ ...x, hint: event.target.value }))}
                hint={t("authoring:hint_hint")}
                errors={errorsAt(`${qi}.hint`)}
              />
              {questions.length > 1 && (
                <Button
                  variant="ghost"
                  className="self-start text-red-700"
                  onClick={() => setQuestions((all) => all.filter((_, i) => i !== qi))}
                >
                  <Trash2 aria-hidden className="size-4" />
                  {t("authoring:remove_question", { n: qi + 1 })}
                </Button>
              )}
            </fieldset>
          </li>
        ))}
      </ol>
      <Button
        variant="secondary"
        className="self-start"
        disabled={questions.length >= MAX_QUESTIONS}
        onClick={() => setQuestions((all) => [...all, newQuestion()])}
      >
        <Plus aria-hidden className="size-4" />
        {t("authoring:add_question")}
      </Button>
    </EditorForm>
  );
}

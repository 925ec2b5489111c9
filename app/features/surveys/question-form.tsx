// The dynamic question form renderer (spec §2, §3): text, textarea, select, checkbox and separator questions,
// each marked invalid by the §5 rule (core/surveys/question-errors.ts) with its message below it. Checkbox
// questions keep a map of the selected options' labels (value -> label); the others a string.
// A select question (one answer) with few options (RADIO_MAX or fewer) shows them all as a radio group: every
// choice is visible and one arrow key apart, in a fieldset whose legend is the question; with more it is a native
// dropdown, which keeps a long list short. Both are native controls, so the keyboard works as the platform's does.
import { useId } from "react";
import { clsx } from "clsx";
import { questionError, isQuestionInvalid } from "#core/surveys/question-errors.ts";
import { questionKey } from "#core/surveys/question-key.ts";
import type { SurveyQuestion } from "#core/surveys/schemas.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Field } from "#app/ui/field.tsx";
import { FieldShell } from "#app/ui/field-shell.tsx";
import { SelectField } from "#app/ui/select-field.tsx";
import { SimpleMarkdown } from "./simple-markdown.tsx";

export type QuestionValue = string | Record<string, string>;

/** Up to this many options, a select question shows as radio buttons; above, as a dropdown. */
export const RADIO_MAX = 5;
export type QuestionValues = Record<string, QuestionValue>;
export type QuestionErrors = Record<string, string[] | undefined>;

function errorsOf(question: SurveyQuestion, errors: QuestionErrors): string[] | undefined {
  if (!isQuestionInvalid(question, errors)) return undefined;
  const message = questionError(question, errors);
  return message ? [message] : [];
}

function CheckboxQuestion({
  question,
  label,
  value,
  errors,
  onChange,
}: {
  question: SurveyQuestion;
  label: string;
  value: Record<string, string>;
  errors: string[] | undefined;
  onChange: (next: Record<string, string>) => void;
}) {
  const id = useId();
  const invalid = errors !== undefined;
  return (
    <fieldset
      className="flex flex-col gap-1"
      aria-invalid={invalid || undefined}
      aria-describedby={invalid ? `${id}-error` : undefined}
    >
      <legend className="mb-1 text-sm font-medium text-ink">{label}</legend>
      {question.options.map((option) => (
        <label key={option.value} className="flex min-h-10 items-center gap-3 rounded-md px-2 text-sm hover:bg-gray-50">
          <input
            type="checkbox"
            className="size-4 rounded border-gray-300 accent-brand-600"
            checked={value[option.value] !== undefined}
            onChange={(event) => {
              const next = { ...value };
              if (event.target.checked) next[option.value] = option.label;
              else delete next[option.value];
              onChange(next);
            }}
          />
          {option.label}
        </label>
      ))}
      {invalid && (
        <p id={`${id}-error`} className={clsx("text-sm text-red-700")} data-field-error={questionKey(question.title)}>
          {errors.join(" ")}
        </p>
      )}
    </fieldset>
  );
}

function RadioQuestion({
  question,
  label,
  value,
  errors,
  onChange,
}: {
  question: SurveyQuestion;
  label: string;
  value: string;
  errors: string[] | undefined;
  onChange: (next: string) => void;
}) {
  const id = useId();
  const invalid = errors !== undefined;
  return (
    <fieldset
      className="flex flex-col gap-1"
      role="radiogroup"
      aria-required={question.required || undefined}
      aria-invalid={invalid || undefined}
      aria-describedby={invalid ? `${id}-error` : undefined}
    >
      <legend className="mb-1 text-sm font-medium text-ink">{label}</legend>
      {question.options.map((option) => (
        <label key={option.value} className="flex min-h-10 items-center gap-3 rounded-md px-2 text-sm hover:bg-gray-50">
          <input
            type="radio"
            name={`${id}-choice`}
            className="size-4 border-gray-300 accent-brand-600"
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          {option.label}
        </label>
      ))}
      {invalid && (
        <p id={`${id}-error`} className="text-sm text-red-700" data-field-error={questionKey(question.title)}>
          {errors.join(" ")}
        </p>
      )}
    </fieldset>
  );
}

export function QuestionForm({
  questions,
  values,
  errors,
  onChange,
}: {
  questions: SurveyQuestion[];
  values: QuestionValues;
  errors: QuestionErrors;
  onChange: (key: string, value: QuestionValue) => void;
}) {
  const t = useT();
  return (
    <div className="flex flex-col gap-4">
      {questions.map((question, index) => {
        if (question.type === "separator") {
          return (
            <p key={index} className="border-t border-gray-200 pt-3 text-base text-ink">
              <SimpleMarkdown text={question.title} />
            </p>
          );
        }
        const key = questionKey(question.title);
        const label = question.required ? `${question.title} ${t("surveys:required_mark")}` : question.title;
        const fieldErrors = errorsOf(question, errors);
        const value = values[key];
        if (question.type === "checkbox") {
          return (
            <CheckboxQuestion
              key={key}
              question={question}
              label={label}
              value={typeof value === "object" ? value : {}}
              errors={fieldErrors}
              onChange={(next) => onChange(key, next)}
            />
          );
        }
        const text = typeof value === "string" ? value : "";
        if (question.type === "select" && question.options.length <= RADIO_MAX) {
          return (
            <RadioQuestion
              key={key}
              question={question}
              label={label}
              value={text}
              errors={fieldErrors}
              onChange={(next) => onChange(key, next)}
            />
          );
        }
        if (question.type === "select") {
          return (
            <SelectField
              key={key}
              label={label}
              name={key}
              errors={fieldErrors}
              value={text}
              required={question.required}
              onChange={(event) => onChange(key, event.target.value)}
              options={[{ value: "", label: question.placeholder || t("surveys:choose") }, ...question.options]}
            />
          );
        }
        if (question.type === "textarea") {
          return (
            <FieldShell key={key} label={label} name={key} errors={fieldErrors}>
              {(control) => (
                <textarea
                  id={control.id}
                  name={key}
                  rows={4}
                  value={text}
                  placeholder={question.placeholder}
                  required={question.required}
                  aria-invalid={control.invalid || undefined}
                  aria-describedby={control.describedBy}
                  onChange={(event) => onChange(key, event.target.value)}
                  className={control.controlClass}
                />
              )}
            </FieldShell>
          );
        }
        return (
          <Field
            key={key}
            label={label}
            name={key}
            type={question.inputType}
            errors={fieldErrors}
            value={text}
            placeholder={question.placeholder}
            required={question.required}
            onChange={(event) => onChange(key, event.target.value)}
          />
        );
      })}
    </div>
  );
}

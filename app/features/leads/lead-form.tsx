// The lead capture form (spec §2, §3, §4, §9): the form's fields (labels shown or only read aloud), its hidden
// fields, the consent text and the button. Self-contained: give it a form's public definition
// (core/leads/get-public-lead-form.ts) and it works on any page, a page from the rendered-page cache included (the
// fetch wrapper fetches GET /csrf-token when the page carries no token). States (spec §4): editing; the rules
// (spec §5, core/leads/lead-rules.ts) mark failing fields and send nothing; loading with the button disabled;
// success: the redirect_to address first if there is one, else a check icon, the header (default 'Thank you')
// and the success text; a refused send marks the fields the server names and ends loading after 2 s (spec §9),
// with no message otherwise (spec §8).
import { useEffect, useRef, useState } from "react";
import { CheckCircle2 } from "lucide-react";
import { clsx } from "clsx";
import type { PublicLeadForm } from "#core/leads/get-public-lead-form.ts";
import { checkLeadValues, initialLeadValues } from "#core/leads/lead-rules.ts";
import { LEAD_ERROR_RESET_MS } from "#core/leads/policies.ts";
import type { LeadField } from "#core/leads/schemas.ts";
import { ApiError, api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { buttonClass } from "#app/ui/button.tsx";
import { FieldShell } from "#app/ui/field-shell.tsx";
import { SimpleMarkdown } from "#app/features/surveys/simple-markdown.tsx";

export type { PublicLeadForm };

type Phase = "editing" | "loading" | "success";

function FieldControl({
  field,
  value,
  errors,
  labels,
  onChange,
}: {
  field: LeadField;
  value: string;
  errors: string[] | undefined;
  labels: boolean;
  onChange: (value: string) => void;
}) {
  const t = useT();
  const label = field.label || field.name;
  const mark = field.required ? ` ${t("leads:required_mark")}` : "";
  if (field.type === "checkbox") {
    return (
      <div className="flex flex-col gap-1">
        <label className="flex items-start gap-2 text-sm text-ink">
          <input
            type="checkbox"
            name={field.name}
            checked={value === "1"}
            aria-invalid={errors ? true : undefined}
            onChange={(event) => onChange(event.target.checked ? "1" : "")}
            className="mt-0.5 size-4 shrink-0 rounded border-gray-300 accent-brand-600"
          />
          <span>
            {label}
            {mark}
          </span>
        </label>
        {errors && (
          <p className="text-sm text-red-700" data-field-error={field.name}>
            {errors.join(" ")}
          </p>
        )}
      </div>
    );
  }
  if (field.type === "radio") {
    return (
      <fieldset className="flex flex-col gap-1" aria-invalid={errors ? true : undefined}>
        <legend className={clsx("mb-1 text-sm font-medium text-ink", !labels && "sr-only")}>
          {label}
          {mark}
        </legend>
        {field.options.map((option) => (
          <label key={option.value} className="flex items-center gap-2 text-sm text-ink">
            <input
              type="radio"
              name={field.name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="size-4 accent-brand-600"
            />
            {option.text}
          </label>
        ))}
        {errors && (
          <p className="text-sm text-red-700" data-field-error={field.name}>
            {errors.join(" ")}
          </p>
        )}
      </fieldset>
    );
  }
  return (
    <FieldShell
      label={`${label}${mark}`}
      name={field.name}
      errors={errors}
      className={clsx(!labels && "[&>label]:sr-only")}
    >
      {(control) => {
        const shared = {
          id: control.id,
          name: field.name,
          value,
          "aria-invalid": control.invalid || undefined,
          "aria-describedby": control.describedBy,
        };
        if (field.type === "textarea") {
          return (
            <textarea
              {...shared}
              rows={3}
              placeholder={field.placeholder || undefined}
              onChange={(event) => onChange(event.target.value)}
              className={control.controlClass}
            />
          );
        }
        if (field.type === "select") {
          return (
            <select
              {...shared}
              onChange={(event) => onChange(event.target.value)}
              className={clsx("min-h-10", control.controlClass)}
            >
              {field.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.text}
                </option>
              ))}
            </select>
          );
        }
        return (
          <input
            {...shared}
            type={field.type === "email" ? "email" : "text"}
            autoComplete={field.type === "email" ? "email" : undefined}
            placeholder={field.placeholder || undefined}
            onChange={(event) => onChange(event.target.value)}
            className={clsx("min-h-10", control.controlClass)}
          />
        );
      }}
    </FieldShell>
  );
}

export function LeadForm({
  form,
  page,
  disabled = false,
}: {
  form: PublicLeadForm;
  /** the page it is sent from (default: the address's path) */
  page?: string;
  /** shown but not sent (the editor's preview of a form not saved yet) */
  disabled?: boolean;
}) {
  const t = useT();
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [phase, setPhase] = useState<Phase>("editing");
  const reset = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(reset.current), []);
  const { options } = form;
  // A field added to the form after the first render starts on its own initial value.
  const current = { ...initialLeadValues(form.fields), ...values };

  async function submit() {
    const checked = checkLeadValues(form.fields, current);
    const failing = Object.entries(checked.errors);
    if (failing.length > 0) {
      setErrors(Object.fromEntries(failing.map(([name, list]) => [name, list.map((m) => t(m.key, m.values ?? {}))])));
      return;
    }
    setErrors({});
    if (disabled) return;
    setPhase("loading");
    const hidden = Object.fromEntries(form.hidden_fields.map((field) => [field.name, field.value]));
    try {
      await api(
        "POST",
        "/lead",
        { ...hidden, ...checked.values, form_id: form.id, page: page ?? window.location.pathname },
        { silent: true },
      );
      if (options.redirect_to) {
        window.location.assign(options.redirect_to);
        return;
      }
      setPhase("success");
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 422) setErrors(failure.errors);
      reset.current = setTimeout(() => setPhase("editing"), LEAD_ERROR_RESET_MS);
    }
  }

  if (phase === "success") {
    return (
      <div role="status" className="flex flex-col items-center gap-2 py-4 text-center" data-lead-form={form.id}>
        <CheckCircle2 aria-hidden className="size-10 text-emerald-600" />
        <p className="text-lg font-semibold">{options.success_header || t("leads:default_header")}</p>
        {options.success_text && (
          <p className="text-muted">
            <SimpleMarkdown text={options.success_text} />
          </p>
        )}
      </div>
    );
  }

  return (
    <form
      noValidate
      data-lead-form={form.id}
      aria-busy={phase === "loading" || undefined}
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (phase === "editing") void submit();
      }}
    >
      {form.fields.map((field, index) => (
        <FieldControl
          key={index}
          field={field}
          value={current[field.name] ?? ""}
          errors={errors[field.name]}
          labels={options.labels}
          onChange={(value) => {
            setValues((now) => ({ ...now, [field.name]: value }));
            setErrors(({ [field.name]: _gone, ...rest }) => rest);
          }}
        />
      ))}
      <div>
        <button
          type="submit"
          disabled={phase === "loading" || disabled}
          className={buttonClass("primary", clsx("w-full sm:w-auto", options.button_class))}
        >
          {options.button_text || t("leads:default_button")}
        </button>
      </div>
      {form.consent && (
        <p className="text-xs text-muted" data-consent-version={form.consent.version}>
          <SimpleMarkdown text={form.consent.text} />
        </p>
      )}
    </form>
  );
}

// A labelled textarea with its hint or errors below (like app/ui/field.tsx), and optionally a live count of
// characters against a recommended length (the SEO hints of §9: 70 for titles, 150 for descriptions).
import type { TextareaHTMLAttributes } from "react";
import { clsx } from "clsx";
import { FieldShell } from "#app/ui/field-shell.tsx";

export function TextareaField({
  label,
  name,
  errors,
  hint,
  className,
  rows = 4,
  ...textarea
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; name: string; errors?: string[]; hint?: string }) {
  return (
    <FieldShell label={label} name={name} hint={hint} errors={errors} className={className}>
      {(control) => (
        <textarea
          id={control.id}
          name={name}
          rows={rows}
          aria-invalid={control.invalid || undefined}
          aria-describedby={control.describedBy}
          className={control.controlClass}
          {...textarea}
        />
      )}
    </FieldShell>
  );
}

/** "42 / 70": the count turns amber past the recommended length (still allowed up to the hard limit). */
export function CharacterCount({
  id,
  count,
  recommended,
  text,
}: {
  id: string;
  count: number;
  recommended: number;
  text: string;
}) {
  return (
    <p
      id={id}
      className={clsx("text-xs tabular-nums", count > recommended ? "font-medium text-amber-800" : "text-muted")}
    >
      {text}
    </p>
  );
}

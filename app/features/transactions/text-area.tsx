// A labelled textarea with its errors below it, in the look of app/ui/field.tsx.
import type { TextareaHTMLAttributes } from "react";
import { clsx } from "clsx";
import { FieldShell } from "#app/ui/field-shell.tsx";

export function TextArea({
  label,
  name,
  errors,
  hint,
  ...textarea
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; name: string; errors?: string[]; hint?: string }) {
  return (
    <FieldShell label={label} name={name} hint={hint} errors={errors}>
      {(control) => (
        <textarea
          id={control.id}
          name={name}
          rows={3}
          aria-invalid={control.invalid || undefined}
          aria-describedby={control.describedBy}
          className={clsx("min-h-20", control.controlClass)}
          {...textarea}
        />
      )}
    </FieldShell>
  );
}

// A labelled native <select> with its hint or errors below it, like app/ui/field.tsx for inputs.
import type { SelectHTMLAttributes } from "react";
import { clsx } from "clsx";
import { FieldShell } from "./field-shell.tsx";

export function SelectField({
  label,
  name,
  hint,
  errors,
  options,
  className,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  name: string;
  hint?: string;
  errors?: string[];
  options: { value: string; label: string }[];
}) {
  return (
    <FieldShell label={label} name={name} hint={hint} errors={errors} className={className}>
      {(control) => (
        <select
          id={control.id}
          name={name}
          aria-invalid={control.invalid || undefined}
          aria-describedby={control.describedBy}
          className={clsx("min-h-10", control.controlClass)}
          {...select}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}

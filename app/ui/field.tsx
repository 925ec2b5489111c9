// A labelled form field with its errors below it (spec §5: "Form errors display below the field from an
// error map keyed by field name"). The input is described by its error for screen readers.
import { type InputHTMLAttributes, useId } from "react";
import { clsx } from "clsx";
import { FieldShell } from "./field-shell.tsx";

export function Field({
  label,
  name,
  errors,
  hint,
  className,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; name: string; errors?: string[]; hint?: string }) {
  return (
    <FieldShell label={label} name={name} hint={hint} errors={errors} className={className}>
      {(control) => (
        <input
          id={control.id}
          name={name}
          aria-invalid={control.invalid || undefined}
          aria-describedby={control.describedBy}
          className={clsx("min-h-10", control.controlClass)}
          {...input}
        />
      )}
    </FieldShell>
  );
}

export function Checkbox({
  label,
  name,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; name: string }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <input
        id={id}
        name={name}
        type="checkbox"
        className="size-4 rounded border-gray-300 accent-brand-600"
        {...input}
      />
      <label htmlFor={id} className="text-sm text-ink">
        {label}
      </label>
    </div>
  );
}

export function FormAlert({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </div>
  );
}

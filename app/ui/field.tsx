// A labelled form field with its errors below it (spec §5: "Form errors display below the field from an
// error map keyed by field name"). The input is described by its error for screen readers.
import { type InputHTMLAttributes, useId } from "react";
import { clsx } from "clsx";

export function Field({
  label,
  name,
  errors,
  hint,
  className,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; name: string; errors?: string[]; hint?: string }) {
  const id = useId();
  const invalid = Boolean(errors?.length);
  return (
    <div className={clsx("flex flex-col gap-1", className)}>
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      <input
        id={id}
        name={name}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-error` : hint ? `${id}-hint` : undefined}
        className={clsx(
          "min-h-10 rounded-md border bg-white px-3 py-2 text-base text-ink shadow-sm sm:text-sm",
          invalid ? "border-red-600" : "border-gray-300",
        )}
        {...input}
      />
      {hint && !invalid && (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {invalid && (
        <p id={`${id}-error`} className="text-sm text-red-700" data-field-error={name}>
          {errors!.join(" ")}
        </p>
      )}
    </div>
  );
}

export function Checkbox({ label, name, ...input }: InputHTMLAttributes<HTMLInputElement> & { label: string; name: string }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <input id={id} name={name} type="checkbox" className="size-4 rounded border-gray-300 accent-brand-600" {...input} />
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

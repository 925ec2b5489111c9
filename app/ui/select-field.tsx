// A labelled native <select> with its hint or errors below it, like app/ui/field.tsx for inputs.
import { type SelectHTMLAttributes, useId } from "react";
import { clsx } from "clsx";

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
  const id = useId();
  const invalid = Boolean(errors?.length);
  return (
    <div className={clsx("flex flex-col gap-1", className)}>
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      <select
        id={id}
        name={name}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-error` : hint ? `${id}-hint` : undefined}
        className={clsx(
          "min-h-10 rounded-md border bg-white px-3 py-2 text-base text-ink shadow-sm sm:text-sm",
          invalid ? "border-red-600" : "border-gray-300",
        )}
        {...select}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
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

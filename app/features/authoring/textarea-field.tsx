// A labelled textarea with its hint or errors below (like app/ui/field.tsx), and optionally a live count of
// characters against a recommended length (the SEO hints of §9: 70 for titles, 150 for descriptions).
import { type TextareaHTMLAttributes, useId } from "react";
import { clsx } from "clsx";

export function TextareaField({
  label,
  name,
  errors,
  hint,
  className,
  rows = 4,
  ...textarea
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; name: string; errors?: string[]; hint?: string }) {
  const id = useId();
  const invalid = Boolean(errors?.length);
  return (
    <div className={clsx("flex flex-col gap-1", className)}>
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        rows={rows}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-error` : hint ? `${id}-hint` : undefined}
        className={clsx(
          "rounded-md border bg-white px-3 py-2 text-base text-ink shadow-sm sm:text-sm",
          invalid ? "border-red-600" : "border-gray-300",
        )}
        {...textarea}
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

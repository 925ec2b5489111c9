// The frame every form field shares (spec §5: "Form errors display below the field from an error map keyed by
// field name"): the label, the control, then the hint or the errors, with the control described by them.
import { type ReactNode, useId } from "react";
import { clsx } from "clsx";

export type FieldControl = {
  id: string;
  invalid: boolean;
  describedBy: string | undefined;
  /** the border and text classes of a control in this state */
  controlClass: string;
};

export function FieldShell({
  label,
  name,
  hint,
  errors,
  className,
  children,
}: {
  label: string;
  name: string;
  hint?: string;
  errors?: string[];
  className?: string;
  children: (control: FieldControl) => ReactNode;
}) {
  const id = useId();
  const invalid = Boolean(errors?.length);
  const describedBy = invalid ? `${id}-error` : hint ? `${id}-hint` : undefined;
  const controlClass = clsx(
    "rounded-md border bg-white px-3 py-2 text-base text-ink shadow-sm sm:text-sm",
    invalid ? "border-red-600" : "border-gray-300",
  );
  return (
    <div className={clsx("flex flex-col gap-1", className)}>
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      {children({ id, invalid, describedBy, controlClass })}
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

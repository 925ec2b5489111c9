// An amount typed in the currency's major units ("12,50" or "12.50"; money.ts turns it into cents), with the
// currency code shown at the end of the box and read with the field.
import { type InputHTMLAttributes, useId } from "react";
import { clsx } from "clsx";
import { useT } from "#app/lib/i18n.tsx";
import { FieldShell } from "./field-shell.tsx";

export function MoneyInput({
  label,
  name,
  currency,
  errors,
  hint,
  className,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  name: string;
  /** ISO code (PLN, EUR...); left out while none is chosen */
  currency?: string;
  errors?: string[];
  hint?: string;
}) {
  const t = useT();
  const currencyId = useId();
  return (
    <FieldShell label={label} name={name} hint={hint} errors={errors} className={className}>
      {(control) => (
        <div className="relative flex">
          <input
            id={control.id}
            name={name}
            inputMode="decimal"
            autoComplete="off"
            aria-invalid={control.invalid || undefined}
            aria-describedby={clsx(currency && currencyId, control.describedBy) || undefined}
            className={clsx("min-h-10 w-full tabular-nums", currency && "pr-14", control.controlClass)}
            {...input}
          />
          {currency && (
            <span
              id={currencyId}
              className="pointer-events-none absolute inset-y-0 right-0 flex items-center pr-3 text-sm text-muted"
            >
              <span className="sr-only">{t("ui:amount_in", { currency })}</span>
              <span aria-hidden>{currency}</span>
            </span>
          )}
        </div>
      )}
    </FieldShell>
  );
}

// Password inputs with a show/hide toggle (a pressed/not pressed button after the input, so the keyboard reaches
// the input first). `PasswordFields`: a new password with its length hint, and, when the form asks for it, the
// same password again. The validation messages are the form's (the shared Zod schemas), shown under each field.
import { type InputHTMLAttributes, useState } from "react";
import { Eye, EyeOff } from "lucide-react";
import { clsx } from "clsx";
import { PASSWORD_MIN } from "#core/accounts/schemas.ts";
import { useT } from "#app/lib/i18n.tsx";
import { FieldShell } from "./field-shell.tsx";

type PasswordFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & {
  label: string;
  name: string;
  errors?: string[];
  hint?: string;
  /** the toggle's name when the value is not a password (an API secret) */
  revealLabel?: string;
};

export function PasswordField({ label, name, errors, hint, revealLabel, className, ...input }: PasswordFieldProps) {
  const t = useT();
  const [shown, setShown] = useState(false);
  const Icon = shown ? EyeOff : Eye;
  return (
    <FieldShell label={label} name={name} hint={hint} errors={errors} className={className}>
      {(control) => (
        <div className="relative flex">
          <input
            id={control.id}
            name={name}
            type={shown ? "text" : "password"}
            aria-invalid={control.invalid || undefined}
            aria-describedby={control.describedBy}
            className={clsx("min-h-10 w-full pr-12", control.controlClass)}
            {...input}
          />
          <button
            type="button"
            aria-label={revealLabel ?? t("ui:show_password")}
            aria-pressed={shown}
            aria-controls={control.id}
            title={revealLabel ?? t(shown ? "ui:hide_password" : "ui:show_password")}
            onClick={() => setShown((value) => !value)}
            className="absolute inset-y-0 right-0 inline-flex w-11 items-center justify-center rounded-r-md text-muted hover:text-ink"
          >
            <Icon aria-hidden className="size-5" />
          </button>
        </div>
      )}
    </FieldShell>
  );
}

export function PasswordFields({
  label,
  hint,
  errors,
  confirmation,
}: {
  label: string;
  /** default: the minimum length ("accounts:password_hint") */
  hint?: string;
  errors: Record<string, string[] | undefined>;
  /** the label of the repeated password (field password_confirmation), when the form has one */
  confirmation?: string;
}) {
  const t = useT();
  return (
    <>
      <PasswordField
        label={label}
        name="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN}
        hint={hint ?? t("accounts:password_hint", { min: PASSWORD_MIN })}
        errors={errors.password}
      />
      {confirmation && (
        <PasswordField
          label={confirmation}
          name="password_confirmation"
          autoComplete="new-password"
          required
          errors={errors.password_confirmation}
        />
      )}
    </>
  );
}

// Who buys: the buyer's name (on the receipt and the invoice), and
// - for a logged-in buyer, the e-mail of their account;
// - for a guest, an e-mail and a password that create the account with the order (/{x}/onepagecheckoutregister),
//   or, after 'Already have an account? Log in', the log-in fields (POST /checkout/login, the page stays).
// Before the page's script runs the log-in switch is a link to /login that comes back here.
import { LogIn, UserRound } from "lucide-react";
import type { FieldMessages } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Button } from "#app/ui/button.tsx";
import { Field, FormAlert } from "#app/ui/field.tsx";
import { PasswordField } from "#app/ui/password-fields.tsx";

export type AccountMode = "register" | "login";

export function BuyerFields({
  user,
  name,
  onNameChange,
  mode,
  onModeChange,
  registrationEnabled,
  loginHref,
  errors,
  loginMessage,
  loginPending,
  onLogIn,
}: {
  user: { name: string; email: string } | null;
  name: string;
  onNameChange: (name: string) => void;
  mode: AccountMode;
  onModeChange: (mode: AccountMode) => void;
  registrationEnabled: boolean;
  loginHref: string;
  errors: FieldMessages;
  loginMessage?: string;
  loginPending: boolean;
  onLogIn: () => void;
}) {
  const t = useT();
  const nameField = (
    <Field
      label={t("purchase:buyer_name")}
      name="name"
      autoComplete="name"
      required
      maxLength={100}
      value={name}
      onChange={(event) => onNameChange(event.target.value)}
      errors={errors.name}
    />
  );
  if (user) {
    return (
      <div className="flex flex-col gap-4">
        <p
          className="flex items-center gap-3 rounded-lg bg-gray-50 px-4 py-3 text-sm ring-1 ring-gray-200"
          data-testid="buyer-account"
        >
          <UserRound aria-hidden className="size-5 shrink-0 text-muted" />
          <span className="min-w-0">
            <span className="block text-muted">{t("purchase:logged_in_as")}</span>
            <span className="block font-medium break-all text-ink">{user.email}</span>
          </span>
        </p>
        {nameField}
      </div>
    );
  }
  if (mode === "login") {
    return (
      <div className="flex flex-col gap-4" data-account-mode="login">
        <p className="text-sm text-muted">{t("purchase:login_intro")}</p>
        <FormAlert message={loginMessage} />
        <Field
          label={t("accounts:email")}
          name="email"
          type="email"
          autoComplete="email"
          required
          errors={errors.email}
        />
        <PasswordField
          label={t("accounts:password")}
          name="password"
          autoComplete="current-password"
          required
          errors={errors.password}
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Button onClick={onLogIn} disabled={loginPending} data-testid="inline-login">
            <LogIn aria-hidden className="size-4" />
            {t("purchase:login_button")}
          </Button>
          {registrationEnabled && (
            <button
              type="button"
              className="text-sm font-semibold text-brand-700 underline underline-offset-4"
              onClick={() => onModeChange("register")}
            >
              {t("purchase:switch_to_register")}
            </button>
          )}
        </div>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4" data-account-mode="register">
      <p className="text-sm text-muted">
        {t("purchase:have_account")}{" "}
        <a
          href={loginHref}
          className="font-semibold text-brand-700 underline underline-offset-4"
          onClick={(event) => {
            event.preventDefault();
            onModeChange("login");
          }}
        >
          {t("purchase:switch_to_login")}
        </a>
      </p>
      {nameField}
      <Field
        label={t("accounts:email")}
        name="email"
        type="email"
        autoComplete="email"
        required
        hint={t("purchase:email_hint")}
        errors={errors.email}
      />
      <PasswordField
        label={t("purchase:new_password")}
        name="password"
        autoComplete="new-password"
        required
        hint={t("purchase:password_hint")}
        errors={errors.password}
      />
    </div>
  );
}

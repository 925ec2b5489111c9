import { Link, useLocation } from "react-router";
import { isResetTokenUsable } from "#core/accounts/find-password-reset.ts";
import { PASSWORD_MIN, resetPasswordSchema } from "#core/accounts/schemas.ts";
import { setCsrfToken } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { useApiForm } from "#app/lib/use-api-form.ts";
import { pageContext } from "#server/page-context.ts";
import { CsrfField } from "#app/features/accounts/csrf-field.tsx";
import { errorKeyFromQuery } from "#app/features/accounts/form-error-from-query.ts";
import { AuthCard } from "#app/features/accounts/auth-card.tsx";
import { Button, buttonClass } from "#app/ui/button.tsx";
import { FormAlert } from "#app/ui/field.tsx";
import type { Route } from "./+types/reset-password.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { PasswordFields } from "#app/ui/password-fields.tsx";

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches[0]?.loaderData, "accounts:reset_title");
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = context.get(pageContext);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, usable: await isResetTokenUsable(services.db, token) };
}

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const location = useLocation();
  const form = useApiForm<{ redirect: string; csrf_token: string }>({
    url: "/reset-password",
    schema: resetPasswordSchema,
    onSuccess: (data) => {
      // The server has logged the user in with a new session.
      setCsrfToken(data.csrf_token);
      window.location.assign(data.redirect);
    },
  });
  const queryError = errorKeyFromQuery(location.search);
  const invalid = !loaderData.usable || Boolean(form.errors.token) || queryError === "accounts:reset_invalid";

  if (invalid) {
    return (
      <AuthCard title={t("accounts:reset_title")}>
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-3 text-sm text-red-800">
          {t("accounts:reset_invalid")}
        </div>
        <Link to="/forgot-password" className={buttonClass("primary", "mt-6 w-full")}>
          {t("accounts:reset_ask_again")}
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t("accounts:reset_title")}>
      <p className="mb-4 text-sm text-muted">{t("accounts:reset_intro")}</p>
      <form method="post" action="/reset-password" onSubmit={form.onSubmit} noValidate className="flex flex-col gap-4">
        <CsrfField />
        <input type="hidden" name="token" value={loaderData.token} />
        <FormAlert
          message={form.message ?? (queryError ? t(queryError, { min: PASSWORD_MIN, seconds: 60 }) : undefined)}
        />
        <PasswordFields
          label={t("accounts:new_password")}
          confirmation={t("accounts:password_confirmation")}
          errors={form.errors}
        />
        <Button type="submit" disabled={form.pending}>
          {t("accounts:reset_button")}
        </Button>
      </form>
    </AuthCard>
  );
}

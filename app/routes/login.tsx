import { Link, redirect, useLocation, useSearchParams } from "react-router";
import { loginSchema } from "#core/accounts/schemas.ts";
import { safeNext } from "#core/safe-next.ts";
import { setCsrfToken } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { useApiForm } from "#app/lib/use-api-form.ts";
import { pageContext } from "#server/page-context.ts";
import { CsrfField } from "#app/features/accounts/csrf-field.tsx";
import { errorKeyFromQuery } from "#app/features/accounts/form-error-from-query.ts";
import { AuthCard } from "#app/features/accounts/auth-card.tsx";
import { Button } from "#app/ui/button.tsx";
import { Field, FormAlert } from "#app/ui/field.tsx";
import type { Route } from "./+types/login.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { PasswordField } from "#app/ui/password-fields.tsx";

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches[0]?.loaderData, "accounts:login_title");
}

export function loader({ context }: Route.LoaderArgs) {
  const { request: ctx } = context.get(pageContext);
  if (ctx.user) throw redirect(ctx.user.role === "admin" ? "/home" : "/my");
  return { loginEnabled: Boolean(ctx.school?.login_enabled) };
}

export default function Login({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const location = useLocation();
  const [params] = useSearchParams();
  const next = safeNext(params.get("next")) ?? "";
  const form = useApiForm<{ redirect: string; csrf_token: string }>({
    url: "/login",
    schema: loginSchema,
    onSuccess: (data) => {
      setCsrfToken(data.csrf_token);
      window.location.assign(data.redirect);
    },
  });
  const queryError = errorKeyFromQuery(location.search);
  return (
    <AuthCard title={t("accounts:login_title")}>
      {!loaderData.loginEnabled && <FormAlert message={t("accounts:login_disabled")} />}
      <form method="post" action="/login" onSubmit={form.onSubmit} noValidate className="flex flex-col gap-4">
        <CsrfField />
        {next && <input type="hidden" name="next" value={next} />}
        <FormAlert message={form.message ?? (queryError ? t(queryError, { seconds: 60 }) : undefined)} />
        <Field
          label={t("accounts:email")}
          name="email"
          type="email"
          autoComplete="email"
          required
          errors={form.errors.email}
        />
        <PasswordField
          label={t("accounts:password")}
          name="password"
          autoComplete="current-password"
          required
          errors={form.errors.password}
        />
        <Button type="submit" disabled={form.pending}>
          {t("accounts:login_button")}
        </Button>
      </form>
      <div className="mt-6 flex flex-col gap-2 text-sm">
        <Link to="/forgot-password" className="text-brand-700 underline underline-offset-4">
          {t("accounts:forgot_link")}
        </Link>
        <p className="text-muted">
          {t("accounts:no_account")}{" "}
          <Link
            to={next ? `/register?next=${encodeURIComponent(next)}` : "/register"}
            className="font-semibold text-brand-700 underline underline-offset-4"
          >
            {t("accounts:register_link")}
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}

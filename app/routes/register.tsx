import { Link, redirect, useLocation, useSearchParams } from "react-router";
import { PASSWORD_MIN, registerSchema } from "#core/accounts/schemas.ts";
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
import type { Route } from "./+types/register.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { PasswordFields } from "#app/ui/password-fields.tsx";

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches[0]?.loaderData, "accounts:register_title");
}

export function loader({ context, request }: Route.LoaderArgs) {
  const { request: ctx } = context.get(pageContext);
  if (ctx.user) {
    const next = safeNext(new URL(request.url).searchParams.get("next"));
    throw redirect(next ?? (ctx.user.role === "admin" ? "/home" : "/my"));
  }
  return { registrationEnabled: Boolean(ctx.school?.registration_enabled) };
}

export default function Register({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const location = useLocation();
  const [params] = useSearchParams();
  const next = safeNext(params.get("next")) ?? "";
  const form = useApiForm<{ redirect: string; csrf_token: string }>({
    url: "/register",
    schema: registerSchema,
    onSuccess: (data) => {
      setCsrfToken(data.csrf_token);
      window.location.assign(data.redirect);
    },
  });
  const queryError = errorKeyFromQuery(location.search);
  const loginLink = (
    <p className="text-muted">
      {t("accounts:have_account")}{" "}
      <Link
        to={next ? `/login?next=${encodeURIComponent(next)}` : "/login"}
        className="font-semibold text-brand-700 underline underline-offset-4"
      >
        {t("accounts:login_link")}
      </Link>
    </p>
  );

  if (!loaderData.registrationEnabled) {
    return (
      <AuthCard title={t("accounts:register_title")}>
        <div role="status" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-3 text-sm text-amber-900">
          <p className="font-semibold">{t("accounts:registration_disabled")}</p>
          <p className="mt-1">{t("accounts:registration_disabled_text")}</p>
        </div>
        <div className="mt-6 text-sm">{loginLink}</div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t("accounts:register_title")}>
      <form method="post" action="/register" onSubmit={form.onSubmit} noValidate className="flex flex-col gap-4">
        <CsrfField />
        {next && <input type="hidden" name="next" value={next} />}
        <FormAlert
          message={form.message ?? (queryError ? t(queryError, { min: PASSWORD_MIN, seconds: 60 }) : undefined)}
        />
        <Field label={t("accounts:name")} name="name" autoComplete="name" required errors={form.errors.name} />
        <Field
          label={t("accounts:email")}
          name="email"
          type="email"
          autoComplete="email"
          required
          errors={form.errors.email}
        />
        <PasswordFields label={t("accounts:password")} errors={form.errors} />
        <Button type="submit" disabled={form.pending}>
          {t("accounts:register_button")}
        </Button>
      </form>
      <div className="mt-6 text-sm">{loginLink}</div>
    </AuthCard>
  );
}

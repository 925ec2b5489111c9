import { Link, useLocation, useSearchParams } from "react-router";
import { useState } from "react";
import { forgotPasswordSchema } from "#core/accounts/schemas.ts";
import { useT } from "#app/lib/i18n.tsx";
import { useApiForm } from "#app/lib/use-api-form.ts";
import { CsrfField } from "#app/features/accounts/csrf-field.tsx";
import { errorKeyFromQuery } from "#app/features/accounts/form-error-from-query.ts";
import { AuthCard } from "#app/features/accounts/auth-card.tsx";
import { Button } from "#app/ui/button.tsx";
import { Field, FormAlert } from "#app/ui/field.tsx";
import type { Route } from "./+types/forgot-password.ts";
import { pageTitle } from "#app/lib/page-title.ts";

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches[0]?.loaderData, "accounts:forgot_title");
}

/** The answer is the same whether or not an account exists for the address (no account enumeration). */
export default function ForgotPassword() {
  const t = useT();
  const location = useLocation();
  const [params] = useSearchParams();
  const [sentByCall, setSentByCall] = useState(false);
  const form = useApiForm<{ message: string }>({
    url: "/forgot-password",
    schema: forgotPasswordSchema,
    onSuccess: () => setSentByCall(true),
  });
  const queryError = errorKeyFromQuery(location.search);
  const sent = sentByCall || (params.get("sent") === "1" && !queryError);
  return (
    <AuthCard title={t("accounts:forgot_title")}>
      {sent ? (
        <div
          role="status"
          className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-3 text-sm text-emerald-900"
        >
          {t("accounts:reset_sent")}
        </div>
      ) : (
        <>
          <p className="mb-4 text-sm text-muted">{t("accounts:forgot_intro")}</p>
          <form
            method="post"
            action="/forgot-password"
            onSubmit={form.onSubmit}
            noValidate
            className="flex flex-col gap-4"
          >
            <CsrfField />
            <FormAlert message={form.message ?? (queryError ? t(queryError, { seconds: 60 }) : undefined)} />
            <Field
              label={t("accounts:email")}
              name="email"
              type="email"
              autoComplete="email"
              required
              errors={form.errors.email}
            />
            <Button type="submit" disabled={form.pending}>
              {t("accounts:forgot_button")}
            </Button>
          </form>
        </>
      )}
      <div className="mt-6 text-sm">
        <Link to="/login" className="text-brand-700 underline underline-offset-4">
          {t("accounts:back_to_login")}
        </Link>
      </div>
    </AuthCard>
  );
}

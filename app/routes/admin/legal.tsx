// /home/legal: the school's terms, privacy policy and withdrawal-right information, in markdown with a preview,
// saved with PUT /home/legal. Each published text is a public page (/terms, /privacy, /withdrawal) linked from
// the footer; the terms are linked from every checkout's consent.
import { useEffect, useState } from "react";
import { Link, useLocation, useNavigate, useRevalidator } from "react-router";
import { getLegalPagesForEditing } from "#core/school/get-legal-pages.ts";
import { LEGAL_PAGES, LEGAL_TEXT_MAX, legalPagesSchema } from "#core/school/schemas.ts";
import { useT } from "#app/lib/i18n.tsx";
import { useApiForm } from "#app/lib/use-api-form.ts";
import { CsrfField } from "#app/features/accounts/csrf-field.tsx";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { MarkdownField } from "#app/features/authoring/markdown-field.tsx";
import { Button } from "#app/ui/button.tsx";
import { FormAlert } from "#app/ui/field.tsx";
import { FormSection } from "#app/ui/form-section.tsx";
import { toast } from "#app/ui/toast.tsx";
import { pageContext } from "#server/page-context.ts";
import type { Route } from "./+types/legal.ts";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches[0]?.loaderData, "site:legal_title");
}

export function loader({ context }: Route.LoaderArgs) {
  const { request: ctx } = context.get(pageContext);
  return getLegalPagesForEditing(ctx.actor, ctx.school);
}

export default function Legal({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [texts, setTexts] = useState(loaderData);
  const form = useApiForm({
    url: "/home/legal",
    method: "PUT",
    schema: legalPagesSchema,
    toBody: () => texts,
    onSuccess: () => {
      toast.success(t("saved"));
      void revalidator.revalidate();
    },
  });
  // A plain form post (before hydration) comes back with ?saved=1.
  const savedByForm = new URLSearchParams(location.search).has("saved");
  useEffect(() => {
    if (!savedByForm) return;
    toast.success(t("saved"));
    void navigate(location.pathname, { replace: true });
  }, [savedByForm, t, navigate, location.pathname]);

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">{t("site:legal_title")}</h1>
        <p className="mt-1 text-muted">{t("site:legal_intro")}</p>
      </div>
      <form
        method="post"
        action="/home/legal"
        onSubmit={form.onSubmit}
        noValidate
        className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-gray-200"
      >
        <CsrfField />
        {form.message && (
          <div className="px-5 pt-5 sm:px-8 sm:pt-8">
            <FormAlert message={form.message} />
          </div>
        )}
        {LEGAL_PAGES.map((page) => (
          <FormSection key={page} title={t(`site:${page}_title`)}>
            <MarkdownField
              label={t(`site:${page}_text`)}
              name={page}
              value={texts[page]}
              onChange={(value) => setTexts((current) => ({ ...current, [page]: value }))}
              rows={10}
              maxLength={LEGAL_TEXT_MAX}
              hint={t("site:legal_text_hint", { path: `/${page}` })}
              errors={form.errors[page]}
            />
            {loaderData[page] && (
              <Link
                to={`/${page}`}
                className="self-start text-sm font-semibold text-brand-700 underline underline-offset-4"
              >
                {t("site:legal_view", { path: `/${page}` })}
              </Link>
            )}
          </FormSection>
        ))}
        <div className="border-t border-gray-200 bg-gray-50 px-5 py-4 sm:px-8">
          <Button type="submit" disabled={form.pending} className="w-full sm:w-auto">
            {t("save")}
          </Button>
        </div>
      </form>
    </div>
  );
}

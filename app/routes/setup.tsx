// First run (GET /setup): the owner names the school, picks its language and currency, creates their own
// account and may add sample content. The root loader sends every page here until a school exists, and
// sends /setup home afterwards. Before setup the page follows the browser's language; picking a language in
// the form switches the page to it.
import { useEffect, useId, useState } from "react";
import { useLoaderData, useLocation } from "react-router";
import { GraduationCap } from "lucide-react";
import { PASSWORD_MIN } from "#core/accounts/schemas.ts";
import { currencies, setupSchema } from "#core/school/schemas.ts";
import { translator, type Lang } from "#platform/i18n/index.ts";
import { setCsrfToken } from "#app/lib/api.ts";
import { I18nProvider, useT } from "#app/lib/i18n.tsx";
import { useRootData } from "#app/lib/root-data.ts";
import { useApiForm } from "#app/lib/use-api-form.ts";
import { CsrfField } from "#app/features/accounts/csrf-field.tsx";
import { Button } from "#app/ui/button.tsx";
import { Field, FormAlert } from "#app/ui/field.tsx";
import { SelectField } from "#app/ui/select-field.tsx";
import { pageContext } from "#server/page-context.ts";
import type { Route } from "./+types/setup.ts";
import { PasswordFields } from "#app/ui/password-fields.tsx";

type SampleStudent = { name: string; email: string; password: string };
type SetupResponse = { redirect: string; csrf_token: string; sample_student: SampleStudent | null };

const languageNames: Record<Lang, string> = { en: "English", pl: "Polski" };
const defaultCurrency: Record<Lang, (typeof currencies)[number]> = { en: "EUR", pl: "PLN" };

export function meta({ matches }: Route.MetaArgs) {
  const lang = (matches[0]?.loaderData as { lang?: Lang } | undefined)?.lang ?? "en";
  return [{ title: `${translator(lang)("setup:title")} · Studium` }];
}

/** The public address field starts with the address the owner reached this page at (or APP_URL). */
export function loader({ context }: Route.LoaderArgs) {
  return { suggestedUrl: context.get(pageContext).request.baseUrl };
}

/** After a plain form post fails, the server sends the browser back here with ?error=<message key>. */
function errorKeyFromQuery(search: string): string | undefined {
  const key = new URLSearchParams(search).get("error");
  return key && /^(setup|accounts|validation|errors):[a-z_]+$/.test(key) ? key : undefined;
}

export default function Setup() {
  const root = useRootData();
  const [lang, setLang] = useState<Lang>(root?.lang ?? "en");
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  return (
    <I18nProvider lang={lang}>
      <SetupPage lang={lang} onLanguage={setLang} />
    </I18nProvider>
  );
}

function SetupPage({ lang, onLanguage }: { lang: Lang; onLanguage: (lang: Lang) => void }) {
  const t = useT();
  const location = useLocation();
  const [currency, setCurrency] = useState<string>(defaultCurrency[lang]);
  const [currencyChosen, setCurrencyChosen] = useState(false);
  const [student, setStudent] = useState<SampleStudent | null>(null);
  const { suggestedUrl } = useLoaderData<typeof loader>();
  const form = useApiForm<SetupResponse>({
    url: "/setup",
    schema: setupSchema,
    toBody: (data) => ({
      school_name: String(data.get("school_name") ?? ""),
      language: String(data.get("language") ?? ""),
      currency: String(data.get("currency") ?? ""),
      name: String(data.get("name") ?? ""),
      email: String(data.get("email") ?? ""),
      password: String(data.get("password") ?? ""),
      sample: data.get("sample") === "on",
      public_url: String(data.get("public_url") ?? ""),
    }),
    onSuccess: (data) => {
      setCsrfToken(data.csrf_token);
      if (data.sample_student) setStudent(data.sample_student);
      else window.location.assign("/");
    },
  });
  const queryError = errorKeyFromQuery(location.search);

  function chooseLanguage(value: string) {
    const next: Lang = value === "pl" ? "pl" : "en";
    onLanguage(next);
    // Until the owner picks a currency themselves, it follows the language.
    if (!currencyChosen) setCurrency(defaultCurrency[next]);
  }

  return (
    <div className="min-h-screen bg-gradient-to-b from-brand-50 to-slate-50">
      <main id="main" className="mx-auto w-full max-w-2xl px-4 py-8 sm:py-14">
        <p className="flex items-center gap-2 text-sm font-semibold tracking-wide text-brand-700">
          <GraduationCap aria-hidden className="size-5" />
          Studium
        </p>
        {student ? (
          <SampleStudentCard student={student} />
        ) : (
          <>
            <h1 className="mt-3 text-3xl font-bold sm:text-4xl">{t("setup:title")}</h1>
            <p className="mt-3 text-base text-muted">{t("setup:intro")}</p>
            <form
              method="post"
              action="/setup"
              onSubmit={form.onSubmit}
              noValidate
              className="mt-8 overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-gray-200"
            >
              <CsrfField />
              {(form.message || queryError) && (
                <div className="px-5 pt-5 sm:px-8 sm:pt-8">
                  <FormAlert
                    message={form.message ?? (queryError ? t(queryError, { min: PASSWORD_MIN }) : undefined)}
                  />
                </div>
              )}
              <FormSection title={t("setup:school_section")}>
                <Field
                  label={t("setup:school_name")}
                  name="school_name"
                  required
                  maxLength={120}
                  autoComplete="organization"
                  placeholder={t("setup:school_name_placeholder")}
                  errors={form.errors.school_name}
                />
                <div className="grid gap-4 sm:grid-cols-2">
                  <SelectField
                    label={t("setup:language")}
                    name="language"
                    value={lang}
                    onChange={(e) => chooseLanguage(e.target.value)}
                    hint={t("setup:language_hint")}
                    errors={form.errors.language}
                    options={(Object.keys(languageNames) as Lang[]).map((value) => ({
                      value,
                      label: languageNames[value],
                    }))}
                  />
                  <SelectField
                    label={t("setup:currency")}
                    name="currency"
                    value={currency}
                    onChange={(e) => {
                      setCurrency(e.target.value);
                      setCurrencyChosen(true);
                    }}
                    hint={t("setup:currency_hint")}
                    errors={form.errors.currency}
                    options={currencies.map((value) => ({ value, label: t(`setup:currency_${value}`) }))}
                  />
                </div>
                <Field
                  label={t("setup:public_url")}
                  name="public_url"
                  type="url"
                  required
                  defaultValue={suggestedUrl}
                  autoComplete="url"
                  hint={t("setup:public_url_hint")}
                  errors={form.errors.public_url}
                />
              </FormSection>
              <FormSection title={t("setup:owner_section")} intro={t("setup:owner_intro")}>
                <Field
                  label={t("setup:name")}
                  name="name"
                  required
                  maxLength={100}
                  autoComplete="name"
                  errors={form.errors.name}
                />
                <Field
                  label={t("setup:email")}
                  name="email"
                  type="email"
                  required
                  autoComplete="email"
                  errors={form.errors.email}
                />
                <PasswordFields
                  label={t("setup:password")}
                  hint={t("setup:password_hint", { min: PASSWORD_MIN })}
                  errors={form.errors}
                />
              </FormSection>
              <div className="border-t border-gray-200 bg-gray-50 px-5 py-5 sm:px-8">
                <SampleCheckbox label={t("setup:sample")} hint={t("setup:sample_hint")} />
                <Button type="submit" disabled={form.pending} className="mt-5 w-full sm:w-auto">
                  {t("setup:submit")}
                </Button>
              </div>
            </form>
          </>
        )}
      </main>
    </div>
  );
}

function FormSection({ title, intro, children }: { title: string; intro?: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-4 border-t border-gray-200 px-5 py-6 first-of-type:border-t-0 sm:px-8"
    >
      <div>
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {intro && <p className="mt-1 text-sm text-muted">{intro}</p>}
      </div>
      {children}
    </section>
  );
}

function SampleCheckbox({ label, hint }: { label: string; hint: string }) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        name="sample"
        type="checkbox"
        aria-describedby={`${id}-hint`}
        className="mt-0.5 size-5 shrink-0 rounded border-gray-300 accent-brand-600"
      />
      <div>
        <label htmlFor={id} className="text-sm font-semibold text-ink">
          {label}
        </label>
        <p id={`${id}-hint`} className="mt-0.5 text-sm text-muted">
          {hint}
        </p>
      </div>
    </div>
  );
}

function SampleStudentCard({ student }: { student: SampleStudent }) {
  const t = useT();
  return (
    <section
      aria-labelledby="setup-done"
      className="mt-6 rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200 sm:p-8"
    >
      <h1 id="setup-done" className="text-2xl font-bold sm:text-3xl">
        {t("setup:done_title")}
      </h1>
      <p className="mt-3 text-muted">{t("setup:done_intro")}</p>
      <dl className="mt-6 grid gap-4 rounded-lg bg-gray-50 p-4 ring-1 ring-gray-200 sm:grid-cols-2">
        <div className="min-w-0">
          <dt className="text-xs font-medium text-muted">{t("setup:student_email")}</dt>
          <dd className="mt-1 break-all font-mono text-sm" data-testid="sample-student-email">
            {student.email}
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs font-medium text-muted">{t("setup:student_password")}</dt>
          <dd className="mt-1 break-all font-mono text-sm" data-testid="sample-student-password">
            {student.password}
          </dd>
        </div>
      </dl>
      <p className="mt-4 text-sm font-medium text-amber-800">{t("setup:done_warning")}</p>
      <Button type="button" className="mt-6 w-full sm:w-auto" onClick={() => window.location.assign("/")}>
        {t("setup:continue")}
      </Button>
    </section>
  );
}

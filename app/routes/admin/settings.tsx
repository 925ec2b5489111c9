// /home/settings: the school's name, language, currency, time zone, its brand (logo, favicon, colours with their
// contrast warnings, description, contact) and footer (social links, text, company details), and the login /
// registration switches, saved with PUT /home/settings (the logo and favicon at once, PUT /home/settings/images). A language change reloads the page, so that everything shows in the new language.
import { useEffect, useState } from "react";
import { useLocation, useNavigate, useRevalidator } from "react-router";
import {
  currencies,
  DESCRIPTION_MAX,
  FOOTER_TEXT_MAX,
  schoolSettingsSchema,
  TAGLINE_MAX,
} from "#core/school/schemas.ts";
import { wholeNumberOrText } from "#core/shared/form-values.ts";
import { getSchoolSettings } from "#core/school/get-settings.ts";
import { useT } from "#app/lib/i18n.tsx";
import { useApiForm } from "#app/lib/use-api-form.ts";
import { CsrfField } from "#app/features/accounts/csrf-field.tsx";
import { errorKeyFromQuery } from "#app/features/accounts/form-error-from-query.ts";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { Button } from "#app/ui/button.tsx";
import { Field, FormAlert } from "#app/ui/field.tsx";
import { FormSection } from "#app/ui/form-section.tsx";
import { SelectField } from "#app/ui/select-field.tsx";
import { SwitchField } from "#app/ui/switch-field.tsx";
import { toast } from "#app/ui/toast.tsx";
import { TextareaField } from "#app/features/authoring/textarea-field.tsx";
import { BrandColors } from "#app/features/site/brand-colors.tsx";
import { BrandImageField } from "#app/features/site/brand-image-field.tsx";
import { timeZoneNames } from "#platform/i18n/time-zone.ts";
import { pageContext } from "#server/page-context.ts";
import type { Route } from "./+types/settings.ts";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches[0]?.loaderData, "admin:settings_title");
}

export function loader({ context }: Route.LoaderArgs) {
  const { request: ctx, services } = context.get(pageContext);
  return {
    ...getSchoolSettings(ctx.actor, ctx.school),
    // The server's list (the one the setting is checked against), so the browser renders the same options.
    time_zones: timeZoneNames(),
    // APP_URL, when set, wins over the recorded address: show what links really start with.
    public_url: ctx.baseUrl,
    fixed_by_app_url: Boolean(services?.config.APP_URL),
  };
}

// Each language is named in its own language: that is how people look for theirs.
const languageNames = { en: "English", pl: "Polski" } as const;
// A language change reloads the page; the 'Saved' toast is shown after the reload, in the new language.
const SAVED_FLAG = "studium:settings-saved";

const brandingFields = [
  "brand_color",
  "brand_text_color",
  "description",
  "contact_email",
  "social_links",
  "footer_text",
  "company_name",
  "company_address",
  "company_tax_id",
] as const;

/** Switches arrive as booleans, the rest as text (the shared schema checks both here and on the server). */
function settingsBody(form: FormData) {
  return {
    name: String(form.get("name") ?? ""),
    language: String(form.get("language") ?? ""),
    currency: String(form.get("currency") ?? ""),
    login_enabled: form.get("login_enabled") === "on",
    registration_enabled: form.get("registration_enabled") === "on",
    public_url: String(form.get("public_url") ?? ""),
    tagline: String(form.get("tagline") ?? ""),
    vat_rate: wholeNumberOrText(form.get("vat_rate")),
    time_zone: String(form.get("time_zone") ?? ""),
    ...Object.fromEntries(brandingFields.map((name) => [name, String(form.get(name) ?? "")])),
  };
}

export default function Settings({ loaderData: school }: Route.ComponentProps) {
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [language, setLanguage] = useState<string>(school.language);

  const form = useApiForm({
    url: "/home/settings",
    method: "PUT",
    schema: schoolSettingsSchema,
    toBody: settingsBody,
    onSuccess: () => {
      if (language !== school.language) {
        sessionStorage.setItem(SAVED_FLAG, "1");
        window.location.reload();
        return;
      }
      toast.success(t("saved"));
      void revalidator.revalidate();
    },
  });

  // After a reload (language change) or a plain form post (?saved=1), say 'Saved' once.
  const params = new URLSearchParams(location.search);
  const savedByForm = params.has("saved");
  useEffect(() => {
    if (sessionStorage.getItem(SAVED_FLAG) || savedByForm) {
      sessionStorage.removeItem(SAVED_FLAG);
      toast.success(t("saved"));
      if (savedByForm) void navigate(location.pathname, { replace: true });
    }
  }, [savedByForm, t, navigate, location.pathname]);

  const queryError = errorKeyFromQuery(location.search);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("admin:settings_title")}</h1>
      <form
        method="post"
        action="/home/settings"
        onSubmit={form.onSubmit}
        noValidate
        className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-gray-200"
      >
        <CsrfField />
        {(form.message || queryError) && (
          <div className="px-5 pt-5 sm:px-8 sm:pt-8">
            <FormAlert message={form.message ?? (queryError ? t(queryError) : undefined)} />
          </div>
        )}
        <FormSection title={t("admin:settings_school")}>
          <Field
            label={t("admin:school_name")}
            name="name"
            defaultValue={school.name}
            required
            maxLength={120}
            autoComplete="organization"
            errors={form.errors.name}
          />
          <Field
            label={t("admin:tagline")}
            name="tagline"
            defaultValue={school.tagline}
            maxLength={TAGLINE_MAX}
            hint={t("admin:tagline_hint", { default: t("home_intro") })}
            errors={form.errors.tagline}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label={t("admin:language")}
              name="language"
              value={language}
              onChange={(e) => setLanguage(e.target.value)}
              hint={t("admin:language_hint")}
              errors={form.errors.language}
              options={(Object.keys(languageNames) as (keyof typeof languageNames)[]).map((value) => ({
                value,
                label: languageNames[value],
              }))}
            />
            <SelectField
              label={t("admin:currency")}
              name="currency"
              defaultValue={school.currency}
              errors={form.errors.currency}
              options={currencies.map((value) => ({ value, label: t(`setup:currency_${value}`) }))}
            />
          </div>
          <Field
            label={t("admin:vat_rate")}
            name="vat_rate"
            type="number"
            inputMode="numeric"
            min={0}
            max={100}
            defaultValue={String(school.vat_rate)}
            hint={t("admin:vat_rate_hint")}
            errors={form.errors.vat_rate}
          />
          <SelectField
            label={t("admin:time_zone")}
            name="time_zone"
            defaultValue={school.time_zone}
            hint={t("admin:time_zone_hint")}
            errors={form.errors.time_zone}
            options={school.time_zones.map((value) => ({ value, label: value.replaceAll("_", " ") }))}
          />
          <Field
            label={t("admin:public_url")}
            name="public_url"
            type="url"
            defaultValue={school.public_url}
            readOnly={school.fixed_by_app_url}
            required
            autoComplete="url"
            hint={t(school.fixed_by_app_url ? "admin:public_url_app_url_hint" : "admin:public_url_hint")}
            errors={form.errors.public_url}
          />
        </FormSection>
        <FormSection title={t("site:section_brand")}>
          <div className="grid gap-6 sm:grid-cols-2">
            <BrandImageField field="logo" value={school.logo} label={t("site:logo")} hint={t("site:logo_hint")} />
            <BrandImageField
              field="favicon"
              value={school.favicon}
              label={t("site:favicon")}
              hint={t("site:favicon_hint")}
            />
          </div>
          <BrandColors
            initial={{ brand_color: school.brand_color, brand_text_color: school.brand_text_color }}
            errors={{ brand_color: form.errors.brand_color, brand_text_color: form.errors.brand_text_color }}
          />
          <TextareaField
            label={t("site:description")}
            name="description"
            defaultValue={school.description}
            maxLength={DESCRIPTION_MAX}
            rows={3}
            hint={t("site:description_hint")}
            errors={form.errors.description}
          />
          <Field
            label={t("site:contact_email")}
            name="contact_email"
            type="email"
            defaultValue={school.contact_email}
            autoComplete="email"
            hint={t("site:contact_email_hint")}
            errors={form.errors.contact_email}
          />
        </FormSection>
        <FormSection title={t("site:section_footer")}>
          <TextareaField
            label={t("site:social_links")}
            name="social_links"
            defaultValue={school.social_links}
            rows={3}
            placeholder="https://www.instagram.com/…"
            hint={t("site:social_links_hint")}
            errors={form.errors.social_links}
          />
          <TextareaField
            label={t("site:footer_text")}
            name="footer_text"
            defaultValue={school.footer_text}
            maxLength={FOOTER_TEXT_MAX}
            rows={2}
            errors={form.errors.footer_text}
          />
          <Field
            label={t("site:company_name")}
            name="company_name"
            defaultValue={school.company_name}
            maxLength={200}
            autoComplete="organization"
            hint={t("site:company_hint")}
            errors={form.errors.company_name}
          />
          <TextareaField
            label={t("site:company_address")}
            name="company_address"
            defaultValue={school.company_address}
            maxLength={500}
            rows={2}
            errors={form.errors.company_address}
          />
          <Field
            label={t("site:company_tax_id")}
            name="company_tax_id"
            defaultValue={school.company_tax_id}
            maxLength={40}
            errors={form.errors.company_tax_id}
          />
        </FormSection>
        <FormSection title={t("admin:settings_access")}>
          <SwitchField
            label={t("admin:login_enabled")}
            name="login_enabled"
            defaultChecked={school.login_enabled}
            hint={t("admin:login_enabled_hint", { message: t("accounts:login_disabled") })}
          />
          <SwitchField
            label={t("admin:registration_enabled")}
            name="registration_enabled"
            defaultChecked={school.registration_enabled}
            hint={t("admin:registration_enabled_hint", { message: t("accounts:registration_disabled") })}
          />
        </FormSection>
        <div className="border-t border-gray-200 bg-gray-50 px-5 py-4 sm:px-8">
          <Button type="submit" disabled={form.pending} className="w-full sm:w-auto">
            {t("save")}
          </Button>
        </div>
      </form>
    </div>
  );
}

// The form that sets up or changes one integration: a field per setting of the provider (core/integrations/
// provider-fields.ts), secrets as password inputs that start empty (a blank one keeps the stored value), and the
// enabled switch. Sent as JSON (POST to create, PUT to change); before hydration it is a plain form post.
import { Link, useNavigate } from "react-router";
import type { IntegrationCard } from "#core/integrations/list-integrations.ts";
import { useT } from "#app/lib/i18n.tsx";
import { useApiForm } from "#app/lib/use-api-form.ts";
import { CsrfField } from "#app/features/accounts/csrf-field.tsx";
import { TextareaField } from "#app/features/authoring/textarea-field.tsx";
import { Button, buttonClass } from "#app/ui/button.tsx";
import { Field, FormAlert } from "#app/ui/field.tsx";
import { SelectField } from "#app/ui/select-field.tsx";
import { SwitchField } from "#app/ui/switch-field.tsx";
import { type FieldView, fieldHintKey, fieldLabelKey, optionLabelKey, type ProviderView } from "./provider-view.ts";
import { PasswordField } from "#app/ui/password-fields.tsx";

/** The form's fields as the JSON call's shape: {provider?, enabled, settings: {name: text}}. */
export function integrationBody(form: FormData, view: ProviderView, creating: boolean) {
  const settings: Record<string, string> = {};
  for (const field of view.fields) settings[field.name] = String(form.get(`settings.${field.name}`) ?? "");
  return {
    ...(creating ? { provider: view.provider } : {}),
    enabled: form.get("enabled") === "on",
    settings,
  };
}

function SettingField({
  provider,
  field,
  card,
  errors,
}: {
  provider: string;
  field: FieldView;
  card: IntegrationCard | null;
  errors?: string[];
}) {
  const t = useT();
  const hint = field.hint ? t(fieldHintKey(provider, field.name)) : undefined;
  const name = `settings.${field.name}`;
  const label = t(fieldLabelKey(field.name));
  const stored = card?.settings[field.name];
  if (field.type === "select") {
    return (
      <SelectField
        label={label}
        name={name}
        defaultValue={stored ?? field.default}
        errors={errors}
        hint={hint}
        options={field.options.map((value) => ({ value, label: t(optionLabelKey(value)) }))}
      />
    );
  }
  if (field.type === "textarea") {
    return (
      <TextareaField
        label={label}
        name={name}
        defaultValue={stored ?? ""}
        rows={6}
        errors={errors}
        hint={hint}
        spellCheck={false}
        className="[&_textarea]:font-mono [&_textarea]:text-xs"
      />
    );
  }
  if (field.type === "secret") {
    const set = Boolean(card?.secrets[field.name]);
    return (
      <PasswordField
        label={label}
        name={name}
        revealLabel={t("ui:show_secret")}
        autoComplete="new-password"
        spellCheck={false}
        required={field.required && !set}
        errors={errors}
        hint={set ? t("integrations:secret_kept") : hint}
        data-secret-set={set ? "true" : "false"}
      />
    );
  }
  return (
    <Field
      label={label}
      name={name}
      defaultValue={stored ?? ""}
      autoComplete="off"
      spellCheck={false}
      required={field.required}
      errors={errors}
      hint={hint}
    />
  );
}

export function IntegrationForm({
  view,
  card,
  queryError,
}: {
  view: ProviderView;
  /** null: not set up yet (the form creates it) */
  card: IntegrationCard | null;
  queryError?: string;
}) {
  const t = useT();
  const navigate = useNavigate();
  const creating = !card?.configured;
  const url = creating ? "/home/integrations" : `/home/integrations/${view.provider}`;
  const form = useApiForm({
    url,
    method: creating ? "POST" : "PUT",
    toBody: (data) => integrationBody(data, view, creating),
    onSuccess: () => void navigate(`/home/integrations?saved=${view.provider}`),
  });
  return (
    <form
      method="post"
      action={url}
      onSubmit={form.onSubmit}
      noValidate
      className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-gray-200"
    >
      <CsrfField />
      {creating && <input type="hidden" name="provider" value={view.provider} />}
      <div className="flex flex-col gap-5 px-5 py-6 sm:px-8">
        <FormAlert message={form.message ?? queryError} />
        {card?.unreadable && (
          <p role="alert" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {t("integrations:unreadable")}
          </p>
        )}
        {view.fields.length === 0 && <p className="text-sm text-muted">{t("integrations:no_settings")}</p>}
        {view.fields.map((field) => (
          <SettingField
            key={field.name}
            provider={view.provider}
            field={field}
            card={card}
            errors={form.errors[`settings.${field.name}`]}
          />
        ))}
        <SwitchField
          label={t("integrations:enabled")}
          name="enabled"
          defaultChecked={card?.configured ? card.enabled : true}
          hint={t(
            view.kind === "payment" ? "integrations:enabled_hint_payment" : "integrations:enabled_hint_invoicing",
          )}
        />
      </div>
      <div className="flex flex-col-reverse gap-2 border-t border-gray-200 bg-gray-50 px-5 py-4 sm:flex-row sm:px-8">
        <Link to="/home/integrations" className={buttonClass("secondary", "w-full sm:w-auto")}>
          {t("cancel")}
        </Link>
        <Button type="submit" disabled={form.pending} className="w-full sm:w-auto">
          {t("save")}
        </Button>
      </div>
    </form>
  );
}

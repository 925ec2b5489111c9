// One provider on /home/integrations: its name and status, the plain settings it holds (secrets only as
// "Set" / "Not set": their values never reach the browser), and its actions: set up, edit, enable or disable,
// delete (with the confirm dialog). Enable / disable are plain forms too, so they work before hydration.
import { Link, useRevalidator } from "react-router";
import { Trash2 } from "lucide-react";
import type { IntegrationCard as Card } from "#core/integrations/list-integrations.ts";
import { api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { CsrfField } from "#app/features/accounts/csrf-field.tsx";
import { ConfirmDialog } from "#app/ui/confirm-dialog.tsx";
import { Button, buttonClass } from "#app/ui/button.tsx";
import { toast } from "#app/ui/toast.tsx";
import { Badge, type BadgeTone } from "#app/ui/badge.tsx";
import {
  type FieldView,
  fieldLabelKey,
  optionLabelKey,
  providerDescriptionKey,
  providerNameKey,
  type ProviderView,
} from "./provider-view.ts";

const statusTone = {
  enabled: "success",
  disabled: "neutral",
  not_set_up: "neutral",
  unavailable: "warning",
} as const satisfies Record<string, BadgeTone>;

function SettingValue({ field, card }: { field: FieldView; card: Card }) {
  const t = useT();
  if (field.type === "secret" || field.type === "textarea") {
    const set = field.type === "secret" ? card.secrets[field.name] : Boolean(card.settings[field.name]);
    return <>{t(set ? "integrations:secret_set" : "integrations:secret_not_set")}</>;
  }
  const value = card.settings[field.name];
  if (!value) return <>{t("integrations:secret_not_set")}</>;
  return <>{field.type === "select" ? t(optionLabelKey(value)) : value}</>;
}

function EnableButton({ card, name }: { card: Card; name: string }) {
  const t = useT();
  const revalidator = useRevalidator();
  const action = card.enabled ? "disable" : "enable";
  const url = `/home/integrations/${card.provider}/${action}`;
  return (
    <form
      method="post"
      action={url}
      onSubmit={async (event) => {
        event.preventDefault();
        try {
          await api("POST", url, {});
          toast.success(
            t(card.enabled ? "integrations:disabled_toast" : "integrations:enabled_toast", { provider: name }),
          );
        } catch {
          // the api wrapper has said what went wrong
        }
        await revalidator.revalidate();
      }}
    >
      <CsrfField />
      <Button type="submit" variant="secondary" aria-label={t(`integrations:${action}_label`, { provider: name })}>
        {t(`integrations:${action}`)}
      </Button>
    </form>
  );
}

export function IntegrationCard({ view, card }: { view: ProviderView; card: Card }) {
  const t = useT();
  const revalidator = useRevalidator();
  const name = t(providerNameKey(view.provider));
  const status = !card.available
    ? "unavailable"
    : !card.configured
      ? "not_set_up"
      : card.enabled
        ? "enabled"
        : "disabled";
  const headingId = `integration-${view.provider}`;
  return (
    <article
      aria-labelledby={headingId}
      data-provider={view.provider}
      className="flex flex-col gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="text-lg font-semibold leading-snug">
          {name}
        </h3>
        <Badge tone={statusTone[status]}>{t(`integrations:status_${status}`)}</Badge>
      </div>
      <p className="text-sm text-muted">{t(providerDescriptionKey(view.provider))}</p>

      {!card.available && (
        <p role="note" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t("integrations:test_payments_off_notice")}
        </p>
      )}

      {card.unreadable && (
        <p role="alert" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t("integrations:unreadable")}
        </p>
      )}

      {card.configured && view.fields.length > 0 && (
        <dl
          className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]"
          aria-label={t("integrations:settings_of", { provider: name })}
        >
          {view.fields.map((field) => (
            <div key={field.name} className="contents">
              <dt className="text-muted">{t(fieldLabelKey(field.name))}</dt>
              <dd className="mb-1 font-medium break-all sm:mb-0">
                <SettingValue field={field} card={card} />
              </dd>
            </div>
          ))}
        </dl>
      )}

      <div className="mt-auto flex flex-wrap gap-2">
        {!card.available ? (
          // Nothing to switch on here; a switch left on from before can still be turned off.
          card.enabled && <EnableButton card={card} name={name} />
        ) : !card.configured ? (
          <Link
            to={`/home/integrations/${view.provider}`}
            className={buttonClass("primary")}
            aria-label={t("integrations:set_up_label", { provider: name })}
          >
            {t("integrations:set_up")}
          </Link>
        ) : (
          <>
            {view.fields.length > 0 && (
              <Link
                to={`/home/integrations/${view.provider}`}
                className={buttonClass("secondary")}
                aria-label={t("integrations:edit_label", { provider: name })}
              >
                {t("integrations:edit")}
              </Link>
            )}
            <EnableButton card={card} name={name} />
            {!card.builtIn && (
              <ConfirmDialog
                trigger={
                  <Button
                    variant="secondary"
                    className="text-red-700"
                    aria-label={t("integrations:delete_label", { provider: name })}
                  >
                    <Trash2 aria-hidden className="size-4" />
                    {t("integrations:delete")}
                  </Button>
                }
                title={t("integrations:delete_title", { provider: name })}
                description={t("integrations:delete_text")}
                confirmLabel={t("integrations:delete")}
                onConfirm={async () => {
                  await api("DELETE", `/home/integrations/${view.provider}`);
                  toast.success(t("integrations:deleted_toast", { provider: name }));
                  await revalidator.revalidate();
                }}
              />
            )}
          </>
        )}
      </div>
    </article>
  );
}

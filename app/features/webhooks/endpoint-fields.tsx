// An endpoint's fields, the same when it is added (/home/webhooks) and when it is changed (/home/webhooks/:id):
// its address, a note, and the events it wants (ticked as saved when changing).
import { eventLabelKey, webhookEvents } from "#core/webhooks/events.ts";
import type { FieldMessages } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Checkbox, Field } from "#app/ui/field.tsx";

export function EndpointFields({
  errors,
  httpsOnly,
  saved,
  idPrefix,
}: {
  errors: FieldMessages;
  httpsOnly: boolean;
  /** the endpoint as saved, when changing one */
  saved?: { url: string; description: string; events: string[] };
  /** keeps the ids of two such forms on one page apart */
  idPrefix: string;
}) {
  const t = useT();
  const errorId = `${idPrefix}-events-error`;
  return (
    <>
      <Field
        label={t("webhooks:url")}
        name="url"
        type="url"
        required
        defaultValue={saved?.url}
        hint={httpsOnly ? t("webhooks:url_hint") : undefined}
        placeholder="https://"
        errors={errors.url}
      />
      <Field
        label={t("webhooks:description")}
        name="description"
        defaultValue={saved?.description}
        errors={errors.description}
      />
      <fieldset aria-describedby={errors.events ? errorId : undefined}>
        <legend className="text-sm font-medium text-ink">{t("webhooks:events")}</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {webhookEvents.map((event) => (
            <Checkbox
              key={event.type}
              name="events"
              value={event.type}
              defaultChecked={saved?.events.includes(event.type)}
              label={t(eventLabelKey(event.type))}
            />
          ))}
        </div>
        {errors.events && (
          <p id={errorId} className="mt-1 text-sm text-red-700">
            {errors.events[0]}
          </p>
        )}
      </fieldset>
    </>
  );
}

/** The JSON body of an endpoint form. */
export function endpointInput(form: FormData) {
  return {
    url: String(form.get("url") ?? ""),
    description: String(form.get("description") ?? ""),
    events: form.getAll("events").map(String),
  };
}

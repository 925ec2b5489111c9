// /home/webhooks/:id: one endpoint: change its address, note and events, switch it off or on, send a test event, rotate its secret (shown once), its
// delivery log (newest first) with each delivery's request and answer and a 'Redeliver' button, 'Redeliver all
// failed', and deletion confirmed by typing DELETE. Every button is a plain form before hydration.
import { useState, type ReactNode } from "react";
import { Link, useLocation, useRevalidator } from "react-router";
import { ArrowLeft } from "lucide-react";
import { eventLabelKey } from "#core/webhooks/events.ts";
import { getEndpoint } from "#core/webhooks/get-endpoint.ts";
import { formatDateTime } from "#platform/i18n/format.ts";
import { pageContext } from "#server/page-context.ts";
import { api, ApiError, type FieldMessages } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { CsrfField } from "#app/features/accounts/csrf-field.tsx";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { webhookErrorFromQuery } from "#app/features/webhooks/error-from-query.ts";
import { SecretPanel } from "#app/features/webhooks/secret-panel.tsx";
import { EndpointFields, endpointInput } from "#app/features/webhooks/endpoint-fields.tsx";
import { Badge, type BadgeTone } from "#app/ui/badge.tsx";
import { Button } from "#app/ui/button.tsx";
import { DataTable } from "#app/ui/data-table.tsx";
import { EmptyState } from "#app/ui/empty-state.tsx";
import { Field, FormAlert } from "#app/ui/field.tsx";
import { toast } from "#app/ui/toast.tsx";
import type { Route } from "./+types/webhooks-detail.ts";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches[0]?.loaderData, "webhooks:title");
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const { services, request: ctx } = context.get(pageContext);
  const id = Number(params.id);
  const { endpoint, deliveries, failedCount } = await getEndpoint(services.db, ctx.actor, id);
  const date = (value: string | null) => (value ? formatDateTime(value, ctx.lang, ctx.school?.time_zone) : "");
  return {
    endpoint,
    httpsOnly: services.config.NODE_ENV === "production",
    failedCount,
    deliveries: deliveries.map((d) => ({ ...d, lastAttempt: date(d.lastAttemptAt ?? d.createdAt) })),
  };
}

const statusTone: Record<string, BadgeTone> = { pending: "info", succeeded: "success", failed: "danger" };

/** A button posting to `url`: a plain form before hydration, the JSON call after (then the page reloads). */
function ActionForm({
  url,
  children,
  onDone,
  variant = "secondary",
  label,
}: {
  url: string;
  children: ReactNode;
  onDone?: (answer: any) => void;
  variant?: "primary" | "secondary" | "danger";
  label?: string;
}) {
  const revalidator = useRevalidator();
  return (
    <form
      method="post"
      action={url}
      onSubmit={async (event) => {
        event.preventDefault();
        try {
          onDone?.(await api("POST", url, {}, { handled: [409] }));
        } catch (error) {
          if (error instanceof ApiError && error.status === 409) toast.error(error.message);
        }
        await revalidator.revalidate();
      }}
    >
      <CsrfField />
      <Button type="submit" variant={variant} aria-label={label}>
        {children}
      </Button>
    </form>
  );
}

function Pre({ children }: { children: string }) {
  return (
    <pre className="max-h-60 overflow-auto rounded-md bg-gray-50 p-3 font-mono text-xs break-all whitespace-pre-wrap ring-1 ring-gray-200">
      {children}
    </pre>
  );
}

export default function WebhookPage({ loaderData: d }: Route.ComponentProps) {
  const t = useT();
  const location = useLocation();
  const queryError = webhookErrorFromQuery(location.search);
  const [secret, setSecret] = useState<string | null>(null);
  const [deleteErrors, setDeleteErrors] = useState<FieldMessages>({});
  const [editErrors, setEditErrors] = useState<FieldMessages>({});
  const [saving, setSaving] = useState(false);
  const revalidator = useRevalidator();
  const base = `/home/webhooks/${d.endpoint.id}`;
  const query = new URLSearchParams(location.search);
  const sent = query.get("sent");

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <Link
        to="/home/webhooks"
        className="inline-flex items-center gap-1 self-start text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
      >
        <ArrowLeft aria-hidden className="size-4" />
        {t("webhooks:back")}
      </Link>
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold break-all sm:text-3xl">{d.endpoint.url}</h1>
        {d.endpoint.description && <p className="text-muted">{d.endpoint.description}</p>}
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={d.endpoint.enabled ? "success" : "danger"}>
            {d.endpoint.enabled
              ? t("webhooks:enabled")
              : d.endpoint.disabledReason === "failures"
                ? t("webhooks:disabled_failures")
                : t("webhooks:disabled")}
          </Badge>
          {d.endpoint.events.map((type) => (
            <Badge key={type}>{t(eventLabelKey(type))}</Badge>
          ))}
        </div>
      </div>
      <FormAlert message={queryError ? t(queryError) : undefined} />
      {sent && !queryError && (
        <p
          role="status"
          className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-800"
        >
          {t(sent === "test" ? "webhooks:test_sent" : "webhooks:redelivered")}
        </p>
      )}
      {query.get("saved") && !queryError && (
        <p
          role="status"
          className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-800"
        >
          {t("webhooks:saved")}
        </p>
      )}
      {secret ? <SecretPanel secret={secret} /> : <p className="text-sm text-muted">{t("webhooks:secret_hidden")}</p>}

      <div className="flex flex-wrap gap-3">
        <ActionForm url={`${base}/test`} variant="primary" onDone={() => toast.success(t("webhooks:test_sent"))}>
          {t("webhooks:test")}
        </ActionForm>
        <ActionForm url={`${base}/rotate`} onDone={(answer) => setSecret(answer.secret)}>
          {t("webhooks:rotate")}
        </ActionForm>
        <ActionForm url={`${base}/${d.endpoint.enabled ? "disable" : "enable"}`}>
          {d.endpoint.enabled ? t("webhooks:disable") : t("webhooks:enable")}
        </ActionForm>
      </div>

      <section aria-labelledby="delivery-log" className="rounded-xl bg-white shadow-sm ring-1 ring-gray-200">
        <div className="flex flex-wrap items-center justify-between gap-3 px-5 pt-5">
          <h2 id="delivery-log" className="text-lg font-semibold">
            {t("webhooks:log_title")}
          </h2>
          {d.failedCount > 0 && (
            <ActionForm url={`${base}/redeliver-failed`} onDone={() => toast.success(t("webhooks:redelivered"))}>
              {t("webhooks:redeliver_failed", { count: d.failedCount })}
            </ActionForm>
          )}
        </div>
        {d.deliveries.length === 0 ? (
          <EmptyState plain text={t("webhooks:log_empty")} className="p-5" />
        ) : (
          <div className="mt-3">
            <DataTable
              caption={t("webhooks:log_title")}
              rows={d.deliveries}
              rowKey={(delivery) => delivery.id}
              rowProps={(delivery) => ({ "data-delivery-id": delivery.id, "data-status": delivery.status })}
              columns={[
                {
                  key: "event",
                  header: t("webhooks:col_event"),
                  className: "text-sm",
                  cell: (delivery) => (
                    <details>
                      <summary className="cursor-pointer font-medium">{t(eventLabelKey(delivery.eventType))}</summary>
                      <div className="mt-2 flex min-w-64 flex-col gap-2">
                        <h3 className="text-xs font-semibold uppercase text-muted">{t("webhooks:request")}</h3>
                        <Pre>
                          {Object.entries(delivery.requestHeaders)
                            .map(([name, value]) => `${name}: ${value}`)
                            .join("\n") + `\n\n${delivery.requestBody}`}
                        </Pre>
                        <h3 className="text-xs font-semibold uppercase text-muted">{t("webhooks:answer")}</h3>
                        <Pre>
                          {delivery.responseStatus !== null
                            ? `${delivery.responseStatus}\n\n${delivery.responseBody ?? ""}`
                            : (delivery.error ?? t("webhooks:no_answer"))}
                        </Pre>
                      </div>
                    </details>
                  ),
                },
                {
                  key: "status",
                  header: t("webhooks:col_status"),
                  cell: (delivery) => (
                    <Badge tone={statusTone[delivery.status]}>{t(`webhooks:status_${delivery.status}`)}</Badge>
                  ),
                },
                {
                  key: "attempts",
                  header: t("webhooks:col_attempts"),
                  className: "tabular-nums",
                  cell: (delivery) => delivery.attempts,
                },
                {
                  key: "answer",
                  header: t("webhooks:col_answer"),
                  className: "font-mono text-xs",
                  cell: (delivery) => delivery.responseStatus ?? "—",
                },
                {
                  key: "date",
                  header: t("webhooks:col_date"),
                  className: "whitespace-nowrap text-muted text-sm",
                  cell: (delivery) => delivery.lastAttempt,
                },
                {
                  key: "action",
                  header: <span className="sr-only">{t("webhooks:col_action")}</span>,
                  align: "right",
                  cell: (delivery) =>
                    delivery.status === "pending" ? null : (
                      <ActionForm
                        url={`${base}/deliveries/${delivery.id}/redeliver`}
                        label={t("webhooks:redeliver_label", {
                          event: t(eventLabelKey(delivery.eventType)),
                          id: delivery.id,
                        })}
                        onDone={() => toast.success(t("webhooks:redelivered"))}
                      >
                        {t("webhooks:redeliver")}
                      </ActionForm>
                    ),
                },
              ]}
            />
          </div>
        )}
      </section>

      <section aria-labelledby="webhook-edit" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200">
        <h2 id="webhook-edit" className="text-lg font-semibold">
          {t("webhooks:edit_title")}
        </h2>
        <form
          method="post"
          action={base}
          noValidate
          className="mt-4 flex flex-col gap-4"
          // The saved values are the fields' defaults: a new form after each save shows what was saved.
          key={`${d.endpoint.url} ${d.endpoint.description} ${d.endpoint.events.join(",")}`}
          onSubmit={async (event) => {
            event.preventDefault();
            setSaving(true);
            try {
              await api("PUT", base, endpointInput(new FormData(event.currentTarget)));
              setEditErrors({});
              toast.success(t("webhooks:saved"));
              await revalidator.revalidate();
            } catch (error) {
              if (error instanceof ApiError) setEditErrors(error.errors);
            } finally {
              setSaving(false);
            }
          }}
        >
          <CsrfField />
          <EndpointFields errors={editErrors} httpsOnly={d.httpsOnly} saved={d.endpoint} idPrefix="edit" />
          <Button type="submit" className="self-start" disabled={saving}>
            {t("webhooks:save")}
          </Button>
        </form>
      </section>

      <section aria-labelledby="webhook-delete" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-red-200">
        <h2 id="webhook-delete" className="text-lg font-semibold text-red-800">
          {t("webhooks:delete_title")}
        </h2>
        <form
          method="post"
          action={`${base}/delete`}
          className="mt-3 flex flex-col gap-3 sm:max-w-sm"
          onSubmit={async (event) => {
            event.preventDefault();
            const confirm = String(new FormData(event.currentTarget).get("confirm") ?? "");
            try {
              await api("DELETE", base, { confirm });
              window.location.assign("/home/webhooks?deleted=1");
            } catch (error) {
              if (error instanceof ApiError) setDeleteErrors(error.errors);
            }
          }}
        >
          <CsrfField />
          <Field
            label={t("webhooks:delete_confirm")}
            name="confirm"
            hint={t("webhooks:delete_hint")}
            autoComplete="off"
            errors={deleteErrors.confirm}
          />
          <Button type="submit" variant="danger" className="self-start">
            {t("webhooks:delete")}
          </Button>
        </form>
      </section>
    </div>
  );
}

// /home/webhooks: the school's outgoing webhook endpoints (issue 18, item 6) and the form that adds one: its
// address, a note and the events it wants. After the add, the signing secret is shown once (the JSON answer);
// a plain form (before hydration) lands on the endpoint's page instead.
import { useState } from "react";
import { Link, useLocation, useRevalidator } from "react-router";
import { eventLabelKey } from "#core/webhooks/events.ts";
import { listEndpoints } from "#core/webhooks/list-endpoints.ts";
import { pageContext } from "#server/page-context.ts";
import { api, ApiError, type FieldMessages } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { CsrfField } from "#app/features/accounts/csrf-field.tsx";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { webhookErrorFromQuery } from "#app/features/webhooks/error-from-query.ts";
import { SecretPanel } from "#app/features/webhooks/secret-panel.tsx";
import { EndpointFields, endpointInput } from "#app/features/webhooks/endpoint-fields.tsx";
import { Badge } from "#app/ui/badge.tsx";
import { Button } from "#app/ui/button.tsx";
import { DataTable } from "#app/ui/data-table.tsx";
import { EmptyState } from "#app/ui/empty-state.tsx";
import { FormAlert } from "#app/ui/field.tsx";
import type { Route } from "./+types/webhooks.ts";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches[0]?.loaderData, "webhooks:title");
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services, request: ctx } = context.get(pageContext);
  return {
    endpoints: await listEndpoints(services.db, ctx.actor),
    httpsOnly: services.config.NODE_ENV === "production",
  };
}

export default function WebhooksPage({ loaderData: d }: Route.ComponentProps) {
  const t = useT();
  const location = useLocation();
  const revalidator = useRevalidator();
  const queryError = webhookErrorFromQuery(location.search);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [created, setCreated] = useState<{ id: number; secret: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function add(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    try {
      const answer = await api<{ endpoint: { id: number }; secret: string }>(
        "POST",
        "/home/webhooks",
        endpointInput(form),
      );
      setErrors({});
      setCreated({ id: answer.endpoint.id, secret: answer.secret });
      event.currentTarget?.reset();
      await revalidator.revalidate();
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.errors);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">{t("webhooks:title")}</h1>
        <p className="mt-1 max-w-3xl text-muted">{t("webhooks:intro")}</p>
      </div>
      <FormAlert message={queryError ? t(queryError) : undefined} />
      {created && (
        <div className="flex flex-col gap-3">
          <SecretPanel secret={created.secret} />
          <Link
            to={`/home/webhooks/${created.id}`}
            className="self-start font-semibold text-brand-700 underline underline-offset-4"
          >
            {t("webhooks:manage")}
          </Link>
        </div>
      )}

      <section aria-labelledby="webhook-list" className="rounded-xl bg-white shadow-sm ring-1 ring-gray-200">
        <h2 id="webhook-list" className="px-5 pt-5 text-lg font-semibold">
          {t("webhooks:title")}
        </h2>
        {d.endpoints.length === 0 ? (
          <EmptyState plain text={t("webhooks:empty")} className="p-5" />
        ) : (
          <div className="mt-3">
            <DataTable
              caption={t("webhooks:title")}
              rows={d.endpoints}
              rowKey={(endpoint) => endpoint.id}
              rowProps={(endpoint) => ({ "data-endpoint-id": endpoint.id })}
              columns={[
                {
                  key: "url",
                  header: t("webhooks:col_url"),
                  className: "min-w-48 max-w-xs font-mono text-xs break-all",
                  cell: (endpoint) => (
                    <>
                      {endpoint.url}
                      {endpoint.description && (
                        <span className="block font-sans text-sm text-muted">{endpoint.description}</span>
                      )}
                    </>
                  ),
                },
                {
                  key: "events",
                  header: t("webhooks:col_events"),
                  className: "text-sm",
                  cell: (endpoint) => endpoint.events.map((type) => t(eventLabelKey(type))).join(", "),
                },
                {
                  key: "status",
                  header: t("webhooks:col_status"),
                  cell: (endpoint) => (
                    <Badge tone={endpoint.enabled ? "success" : "danger"}>
                      {endpoint.enabled
                        ? t("webhooks:enabled")
                        : endpoint.disabledReason === "failures"
                          ? t("webhooks:disabled_failures")
                          : t("webhooks:disabled")}
                    </Badge>
                  ),
                },
                {
                  key: "action",
                  header: <span className="sr-only">{t("webhooks:col_action")}</span>,
                  align: "right",
                  cell: (endpoint) => (
                    <Link
                      to={`/home/webhooks/${endpoint.id}`}
                      aria-label={t("webhooks:manage_label", { url: endpoint.url })}
                      className="font-semibold text-brand-700 underline underline-offset-4"
                    >
                      {t("webhooks:manage")}
                    </Link>
                  ),
                },
              ]}
            />
          </div>
        )}
      </section>

      <section aria-labelledby="webhook-add" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200">
        <h2 id="webhook-add" className="text-lg font-semibold">
          {t("webhooks:add_title")}
        </h2>
        <form method="post" action="/home/webhooks" onSubmit={add} className="mt-4 flex flex-col gap-4" noValidate>
          <CsrfField />
          <EndpointFields errors={errors} httpsOnly={d.httpsOnly} idPrefix="add" />
          <Button type="submit" className="self-start" disabled={busy}>
            {t("webhooks:add")}
          </Button>
        </form>
      </section>
    </div>
  );
}

// /home/integrations/:provider: sets up a provider that is not set up yet, or changes one that is. Secrets are
// never filled in: the field says a value is stored, and leaving it blank keeps it.
import { AppError } from "#core/errors.ts";
import { Link, useLocation } from "react-router";
import { ArrowLeft } from "lucide-react";
import { getIntegrationCard } from "#core/integrations/list-integrations.ts";
import { definitionOf } from "#core/integrations/provider-fields.ts";
import { pageContext } from "#server/page-context.ts";
import { useT } from "#app/lib/i18n.tsx";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { IntegrationForm } from "#app/features/integrations/integration-form.tsx";
import { providerNameKey, providerView } from "#app/features/integrations/provider-view.ts";
import type { Route } from "./+types/integrations-edit.ts";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches[0]?.loaderData, "integrations:title");
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const definition = definitionOf(params.provider);
  if (!definition) throw new AppError("not_found");
  const { services, request: ctx } = context.get(pageContext);
  const availability = { testPayments: services.payments.test !== null };
  const card = await getIntegrationCard(services.db, ctx.actor, services.secret, definition.provider, availability);
  return {
    view: providerView(definition),
    card: card?.configured ? card : null,
    available: card?.available ?? true,
  };
}

function errorKey(search: string): string | undefined {
  const key = new URLSearchParams(search).get("error");
  return key && /^(validation|errors|integrations):[a-z_]+$/.test(key) ? key : undefined;
}

export default function IntegrationEdit({ loaderData: { view, card, available } }: Route.ComponentProps) {
  const t = useT();
  const location = useLocation();
  const error = errorKey(location.search);
  const name = t(providerNameKey(view.provider));
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <Link
        to="/home/integrations"
        className="inline-flex items-center gap-1 self-start text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
      >
        <ArrowLeft aria-hidden className="size-4" />
        {t("integrations:back")}
      </Link>
      <h1 className="text-2xl font-bold sm:text-3xl">
        {t(card ? "integrations:edit_title" : "integrations:new_title", { provider: name })}
      </h1>
      {available ? (
        <IntegrationForm key={view.provider} view={view} card={card} queryError={error ? t(error) : undefined} />
      ) : (
        <p role="note" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t("integrations:test_payments_off_notice")}
        </p>
      )}
    </div>
  );
}

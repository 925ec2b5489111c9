// /home/integrations: the payment providers and invoicing services (the selling issue, item 4), a card per
// provider in two sections. Keys are entered on /home/integrations/:provider and never shown again; the cards say
// only whether each secret is set. After a save (?saved=) or delete the page says so once.
import { useEffect, useId } from "react";
import { useLocation, useNavigate } from "react-router";
import { listIntegrations } from "#core/integrations/list-integrations.ts";
import { providerDefinitions } from "#core/integrations/provider-fields.ts";
import { pageContext } from "#server/page-context.ts";
import { useT } from "#app/lib/i18n.tsx";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { IntegrationCard } from "#app/features/integrations/integration-card.tsx";
import { providerView } from "#app/features/integrations/provider-view.ts";
import { FormAlert } from "#app/ui/field.tsx";
import { toast } from "#app/ui/toast.tsx";
import type { Route } from "./+types/integrations.ts";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches[0]?.loaderData, "integrations:title");
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services, request: ctx } = context.get(pageContext);
  const cards = await listIntegrations(services.db, ctx.actor, services.secret, {
    testPayments: services.payments.test !== null,
  });
  return {
    providers: providerDefinitions.map((definition) => ({
      view: providerView(definition),
      card: cards.find((card) => card.provider === definition.provider)!,
    })),
  };
}

/** Only keys the page's plain forms can produce are shown from ?error=. */
function errorKey(search: string): string | undefined {
  const key = new URLSearchParams(search).get("error");
  return key && /^(validation|errors|integrations):[a-z_]+$/.test(key) ? key : undefined;
}

export default function Integrations({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const paymentsId = useId();
  const invoicingId = useId();
  const error = errorKey(location.search);

  const params = new URLSearchParams(location.search);
  const saved = params.get("saved");
  useEffect(() => {
    if (!saved) return;
    toast.success(t("saved"));
    void navigate(location.pathname, { replace: true });
  }, [saved, t, navigate, location.pathname]);

  const sections = [
    { id: paymentsId, kind: "payment", title: "integrations:payments", intro: "integrations:payments_intro" },
    { id: invoicingId, kind: "invoicing", title: "integrations:invoicing", intro: "integrations:invoicing_intro" },
  ] as const;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-8">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">{t("integrations:title")}</h1>
        <p className="mt-1 max-w-3xl text-muted">{t("integrations:intro")}</p>
      </div>
      <FormAlert message={error ? t(error) : undefined} />
      {sections.map((section) => (
        <section key={section.kind} aria-labelledby={section.id} className="flex flex-col gap-4">
          <div>
            <h2 id={section.id} className="text-xl font-semibold">
              {t(section.title)}
            </h2>
            <p className="mt-1 text-sm text-muted">{t(section.intro)}</p>
          </div>
          <div className="grid gap-4 md:grid-cols-2">
            {loaderData.providers
              .filter(({ view }) => view.kind === section.kind)
              .map(({ view, card }) => (
                <IntegrationCard key={view.provider} view={view} card={card} />
              ))}
          </div>
        </section>
      ))}
    </div>
  );
}

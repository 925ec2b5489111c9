// /home/promo-codes/new: a new promo code (POST /home/promo-codes; a plain form before hydration).
import { Link, useLocation } from "react-router";
import { ArrowLeft } from "lucide-react";
import { listScopeOptions } from "#core/promo/list-scope-options.ts";
import { pageContext } from "#server/page-context.ts";
import { useT } from "#app/lib/i18n.tsx";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { promoErrorFromQuery } from "#app/features/promo/page-data.ts";
import { PromoCodeForm } from "#app/features/promo/promo-code-form.tsx";
import type { Route } from "./+types/promo-codes-new.ts";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches[0]?.loaderData, "promo:new_title");
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services, request: ctx } = context.get(pageContext);
  return {
    scopeOptions: await listScopeOptions(services.db, ctx.actor),
    lang: ctx.lang,
    currency: ctx.school?.currency ?? "EUR",
  };
}

export default function NewPromoCodePage({ loaderData: d }: Route.ComponentProps) {
  const t = useT();
  const location = useLocation();
  const error = promoErrorFromQuery(location.search);
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <Link
        to="/home/promo-codes"
        className="inline-flex items-center gap-1 self-start text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
      >
        <ArrowLeft aria-hidden className="size-4" />
        {t("promo:back")}
      </Link>
      <h1 className="text-2xl font-bold sm:text-3xl">{t("promo:new_title")}</h1>
      <PromoCodeForm
        promo={null}
        scopeOptions={d.scopeOptions}
        lang={d.lang}
        currency={d.currency}
        queryError={error ? t(error) : undefined}
      />
    </div>
  );
}

// /home/memberships/new: a new membership plan (POST /home/memberships; a plain form before hydration).
import { Link, useLocation } from "react-router";
import { ArrowLeft } from "lucide-react";
import { listPlanKeyOptions } from "#core/memberships/list-plan-key-options.ts";
import { pageContext } from "#server/page-context.ts";
import { useT } from "#app/lib/i18n.tsx";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { membershipErrorFromQuery } from "#app/features/memberships/page-data.ts";
import { PlanForm } from "#app/features/memberships/plan-form.tsx";
import type { Route } from "./+types/memberships-new.ts";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches[0]?.loaderData, "memberships:new_plan");
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services, request: ctx } = context.get(pageContext);
  return {
    options: await listPlanKeyOptions(services.db, ctx.actor),
    currency: ctx.school?.currency ?? "PLN",
  };
}

export default function NewPlanPage({ loaderData: { options, currency } }: Route.ComponentProps) {
  const t = useT();
  const location = useLocation();
  const error = membershipErrorFromQuery(location.search);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <Link
        to="/home/memberships"
        className="inline-flex items-center gap-1 self-start text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
      >
        <ArrowLeft aria-hidden className="size-4" />
        {t("memberships:back")}
      </Link>
      <h1 className="text-2xl font-bold sm:text-3xl">{t("memberships:new_plan")}</h1>
      <PlanForm plan={null} options={options} defaultCurrency={currency} queryError={error ? t(error) : undefined} />
    </div>
  );
}

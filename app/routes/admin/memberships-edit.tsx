// /home/memberships/:planId: one plan's editor (PUT /home/memberships/{id}; a plain form post before hydration).
// Closing sign-ups keeps every renewal running; members keep the price they signed up at.
import { useEffect } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { ArrowLeft } from "lucide-react";
import { getPlan } from "#core/memberships/get-plan.ts";
import { listPlanKeyOptions } from "#core/memberships/list-plan-key-options.ts";
import { pageContext } from "#server/page-context.ts";
import { useT } from "#app/lib/i18n.tsx";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { membershipErrorFromQuery } from "#app/features/memberships/page-data.ts";
import { PlanForm } from "#app/features/memberships/plan-form.tsx";
import { toast } from "#app/ui/toast.tsx";
import type { Route } from "./+types/memberships-edit.ts";

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const tags = adminMeta(matches[0]?.loaderData, "memberships:edit_title");
  if (!loaderData) return tags;
  const school = matches[0]?.loaderData?.school?.name ?? "Studium";
  return [{ title: `${loaderData.plan.name} · ${school}` }, ...tags.slice(1)];
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const { services, request: ctx } = context.get(pageContext);
  const plan = await getPlan(services.db, ctx.actor, params.planId);
  return { plan, options: await listPlanKeyOptions(services.db, ctx.actor) };
}

export default function EditPlanPage({ loaderData: { plan, options } }: Route.ComponentProps) {
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const error = membershipErrorFromQuery(location.search);
  const saved = new URLSearchParams(location.search).has("saved");
  useEffect(() => {
    if (!saved) return;
    toast.success(t("memberships:saved"));
    void navigate(location.pathname, { replace: true });
  }, [saved, t, navigate, location.pathname]);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <Link
        to="/home/memberships"
        className="inline-flex items-center gap-1 self-start text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
      >
        <ArrowLeft aria-hidden className="size-4" />
        {t("memberships:back")}
      </Link>
      <div>
        <h1 className="text-2xl font-bold break-words sm:text-3xl">{plan.name}</h1>
        <p className="mt-1 text-sm text-muted">
          {t("memberships:edit_title")} · {t("memberships:member_count", { count: plan.member_count })}
        </p>
        <Link
          to={`/subscribe/checkout?plan=${plan.id}`}
          className="mt-2 inline-block text-sm font-medium text-brand-700 underline underline-offset-4"
          data-testid="subscribe-link"
        >
          {t("memberships:subscribe_page")}
        </Link>
      </div>
      <PlanForm
        key={`${plan.id}-${plan.updated_at}`}
        plan={plan}
        options={options}
        defaultCurrency={plan.currency}
        queryError={error ? t(error) : undefined}
      />
    </div>
  );
}

// /home/memberships: the school's membership plans (issue 15, item 1) with their price, period, whether new
// sign-ups are open and how many members each has; a school without plans is told how to start one; the school's
// retention offer (decision 0042).
import { useEffect } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { BadgeCheck, Plus } from "lucide-react";
import { getMembershipFigures } from "#core/memberships/admin/get-membership-figures.ts";
import { listPlans, type PlanRow } from "#core/memberships/list-plans.ts";
import { formatMoney } from "#core/shared/money.ts";
import { pageContext } from "#server/page-context.ts";
import { useT } from "#app/lib/i18n.tsx";
import { useRootData } from "#app/lib/root-data.ts";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { getRetentionOffer } from "#core/memberships/admin/retention-offer.ts";
import { RetentionOfferForm } from "#app/features/memberships-admin/retention-offer-form.tsx";
import { MembershipFigures } from "#app/features/memberships-admin/figures.tsx";
import { figuresView } from "#app/features/memberships-admin/figures-view.ts";
import { Badge } from "#app/ui/badge.tsx";
import { buttonClass } from "#app/ui/button.tsx";
import { DataTable, type Column } from "#app/ui/data-table.tsx";
import { EmptyState } from "#app/ui/empty-state.tsx";
import { toast } from "#app/ui/toast.tsx";
import type { Route } from "./+types/memberships.ts";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches[0]?.loaderData, "memberships:title");
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services, request: ctx } = context.get(pageContext);
  const [plans, figures, retentionOffer] = await Promise.all([
    listPlans(services.db, ctx.actor),
    getMembershipFigures(services.db, ctx.actor, { timeZone: ctx.school?.time_zone }),
    getRetentionOffer(services.db, ctx.actor),
  ]);
  return { plans, figures: figuresView(figures, ctx.lang), retentionOffer };
}

export default function MembershipPlansPage({ loaderData: { plans, figures, retentionOffer } }: Route.ComponentProps) {
  const t = useT();
  const lang = useRootData()?.lang ?? "en";
  const location = useLocation();
  const navigate = useNavigate();
  const saved = new URLSearchParams(location.search).has("saved");
  useEffect(() => {
    if (!saved) return;
    toast.success(t("memberships:saved"));
    void navigate(location.pathname, { replace: true });
  }, [saved, t, navigate, location.pathname]);

  const columns: Column<PlanRow>[] = [
    {
      key: "name",
      header: t("memberships:col_name"),
      rowHeader: true,
      cell: (plan) => (
        <Link
          to={`/home/memberships/${plan.id}`}
          className="font-semibold break-words text-brand-700 underline-offset-4 hover:underline"
        >
          {plan.name}
        </Link>
      ),
    },
    {
      key: "price",
      header: t("memberships:col_price"),
      className: "tabular-nums",
      cell: (plan) =>
        `${formatMoney(plan.price_cents, plan.currency, lang)} / ${t(`memberships:period_${plan.period_months < 0 ? "lifetime" : plan.period_months}`)}`,
    },
    {
      key: "signups",
      header: t("memberships:col_signups"),
      cell: (plan) =>
        plan.signups_open ? (
          <Badge tone="success">{t("memberships:signups_open")}</Badge>
        ) : (
          <Badge tone="warning">{t("memberships:signups_closed")}</Badge>
        ),
    },
    {
      key: "members",
      header: t("memberships:col_members"),
      align: "right",
      className: "tabular-nums",
      cell: (plan) => <span data-testid="member-count">{plan.member_count}</span>,
    },
  ];

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">{t("memberships:title")}</h1>
          <p className="mt-1 text-muted">{t("memberships:intro")}</p>
        </div>
        <Link to="/home/memberships/new" className={buttonClass("primary")}>
          <Plus aria-hidden className="size-4" />
          {t("memberships:new_plan")}
        </Link>
      </div>
      {plans.length > 0 && <MembershipFigures figures={figures} />}
      {plans.length === 0 ? (
        <EmptyState
          icon={BadgeCheck}
          title={t("memberships:none_title")}
          text={t("memberships:none_text")}
          action={
            <Link to="/home/memberships/new" className={buttonClass("primary")}>
              <Plus aria-hidden className="size-4" />
              {t("memberships:new_plan")}
            </Link>
          }
        />
      ) : (
        <DataTable
          framed
          caption={t("memberships:title")}
          columns={columns}
          rows={plans}
          rowKey={(plan) => plan.id}
          rowProps={(plan) => ({ "data-plan-id": plan.id })}
        />
      )}
      {plans.length > 0 && <RetentionOfferForm offer={retentionOffer} />}
    </div>
  );
}

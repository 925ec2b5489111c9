// /home/affiliates: every affiliate code (active first) with its commission, cookie life, and what it brought
// so far (sales, revenue, commission), and the way to a new one.
import { Link, useLocation } from "react-router";
import { Plus } from "lucide-react";
import { listAffiliateCodes } from "#core/promo/affiliate-report.ts";
import { pageContext } from "#server/page-context.ts";
import { useT } from "#app/lib/i18n.tsx";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { moneyTotals, promoErrorFromQuery } from "#app/features/promo/page-data.ts";
import { AffiliateStatusBadge } from "#app/features/promo/promo-badges.tsx";
import { buttonClass } from "#app/ui/button.tsx";
import { FormAlert } from "#app/ui/field.tsx";
import { EmptyState } from "#app/ui/empty-state.tsx";
import type { Route } from "./+types/affiliates.ts";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches[0]?.loaderData, "promo:affiliates_title");
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services, request: ctx } = context.get(pageContext);
  const currency = ctx.school?.currency ?? "EUR";
  const affiliates = await listAffiliateCodes(services.db, ctx.actor);
  return {
    affiliates: affiliates.map((affiliate) => ({
      id: affiliate.id,
      code: affiliate.code,
      name: affiliate.name,
      email: affiliate.email,
      active: affiliate.active,
      commissionPercent: affiliate.commission_percent,
      cookieDays: affiliate.cookie_days,
      sales: affiliate.sales,
      revenue: moneyTotals(affiliate.totals, "revenue_cents", ctx.lang, currency),
      commission: moneyTotals(affiliate.totals, "commission_cents", ctx.lang, currency),
    })),
  };
}

export default function AffiliatesPage({ loaderData: { affiliates } }: Route.ComponentProps) {
  const t = useT();
  const location = useLocation();
  const error = promoErrorFromQuery(location.search);
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">{t("promo:affiliates_title")}</h1>
          <p className="mt-1 max-w-3xl text-muted">{t("promo:affiliates_intro")}</p>
        </div>
        <Link to="/home/affiliates/new" className={buttonClass("primary")}>
          <Plus aria-hidden className="size-4" />
          {t("promo:affiliate_new_title")}
        </Link>
      </div>
      <FormAlert message={error ? t(error) : undefined} />
      {affiliates.length === 0 ? (
        <EmptyState title={t("promo:affiliates_empty")} text={t("promo:affiliates_empty_text")} />
      ) : (
        <ul
          aria-label={t("promo:affiliates_title")}
          className="divide-y divide-gray-100 rounded-xl bg-white shadow-sm ring-1 ring-gray-200"
        >
          {affiliates.map((affiliate) => (
            <li
              key={affiliate.id}
              data-affiliate-code={affiliate.code}
              className="flex flex-col gap-3 p-4 sm:px-5 md:flex-row md:items-center md:gap-4"
            >
              <div className="min-w-0 md:w-64 md:shrink-0">
                <div className="flex flex-wrap items-center gap-2">
                  <Link
                    to={`/home/affiliates/${affiliate.id}`}
                    className="font-mono font-semibold break-all text-brand-700 underline-offset-4 hover:underline"
                  >
                    {affiliate.code}
                  </Link>
                  <AffiliateStatusBadge active={affiliate.active} />
                </div>
                <p className="mt-0.5 text-sm break-words text-muted">
                  {affiliate.name}
                  {affiliate.email && ` · ${affiliate.email}`}
                </p>
              </div>
              <dl className="grid flex-1 grid-cols-2 gap-3 text-sm sm:grid-cols-3 xl:grid-cols-5">
                <div>
                  <dt className="text-xs text-muted">{t("promo:commission_rate")}</dt>
                  <dd className="font-medium tabular-nums">{affiliate.commissionPercent}%</dd>
                </div>
                <div>
                  <dt className="text-xs text-muted">{t("promo:cookie_life")}</dt>
                  <dd className="font-medium tabular-nums">{t("promo:days", { count: affiliate.cookieDays })}</dd>
                </div>
                <div>
                  <dt className="text-xs text-muted">{t("promo:report_sales")}</dt>
                  <dd className="font-medium tabular-nums">{affiliate.sales}</dd>
                </div>
                <div>
                  <dt className="text-xs text-muted">{t("promo:report_revenue")}</dt>
                  <dd className="font-medium tabular-nums">{affiliate.revenue}</dd>
                </div>
                <div>
                  <dt className="text-xs text-muted">{t("promo:report_commission")}</dt>
                  <dd className="font-medium tabular-nums">{affiliate.commission}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

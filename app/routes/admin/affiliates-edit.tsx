// /home/affiliates/:id: one affiliate code: the links to share ({baseUrl}/?ref=CODE and per course or product),
// the report (sales attributed to it, revenue, commission, the list of sales), its details form, and the
// switch between active and deactivated (a deactivated code's links set no cookie and attribute nothing).
import { AppError } from "#core/errors.ts";
import { useEffect, useId } from "react";
import { Link, useLocation, useNavigate, useRevalidator } from "react-router";
import { ArrowLeft } from "lucide-react";
import { getAffiliateReport } from "#core/promo/affiliate-report.ts";
import { listLinkTargets } from "#core/promo/list-link-targets.ts";
import { formatDate } from "#platform/i18n/format.ts";
import { formatMoney } from "#core/shared/money.ts";
import { pageContext } from "#server/page-context.ts";
import { api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { CsrfField } from "#app/features/accounts/csrf-field.tsx";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { AffiliateCodeForm } from "#app/features/promo/affiliate-code-form.tsx";
import { AffiliateReport } from "#app/features/promo/affiliate-report.tsx";
import { moneyTotals, promoErrorFromQuery } from "#app/features/promo/page-data.ts";
import { AffiliateStatusBadge } from "#app/features/promo/promo-badges.tsx";
import { ShareLinks } from "#app/features/promo/share-links.tsx";
import { Button } from "#app/ui/button.tsx";
import { FormAlert } from "#app/ui/field.tsx";
import { toast } from "#app/ui/toast.tsx";
import { idFromText } from "#core/shared/ids.ts";
import type { Route } from "./+types/affiliates-edit.ts";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches[0]?.loaderData, "promo:affiliates_title");
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const id = idFromText(params.id);
  const { services, request: ctx } = context.get(pageContext);
  const report = id ? await getAffiliateReport(services.db, ctx.actor, id) : null;
  if (!report) throw new AppError("not_found");
  const currency = ctx.school?.currency ?? "EUR";
  const { affiliate } = report;
  return {
    affiliate,
    baseUrl: ctx.baseUrl,
    targets: await listLinkTargets(services.db, ctx.actor),
    summary: {
      sales: affiliate.sales,
      revenue: moneyTotals(affiliate.totals, "revenue_cents", ctx.lang, currency),
      commission: moneyTotals(affiliate.totals, "commission_cents", ctx.lang, currency),
    },
    sales: report.transactions.map((sale) => ({
      id: sale.id,
      date: formatDate(sale.paid_at ?? sale.created_at, ctx.lang, ctx.school?.time_zone),
      product: sale.product_title,
      buyer: sale.buyer_name,
      email: sale.buyer_email,
      total: formatMoney(sale.total_cents, sale.currency, ctx.lang),
      commission: formatMoney(sale.commission_cents, sale.currency, ctx.lang),
      refunded: sale.status === "REFUNDED",
    })),
  };
}

function ActiveSwitch({ id, active }: { id: number; active: boolean }) {
  const t = useT();
  const revalidator = useRevalidator();
  const action = active ? "deactivate" : "activate";
  const url = `/home/affiliates/${id}/${action}`;
  return (
    <form
      method="post"
      action={url}
      onSubmit={async (event) => {
        event.preventDefault();
        try {
          await api("POST", url, {});
          toast.success(t(active ? "promo:affiliate_deactivated" : "promo:affiliate_activated"));
        } catch {
          // the api wrapper has said what went wrong
        }
        await revalidator.revalidate();
      }}
    >
      <CsrfField />
      <Button type="submit" variant="secondary">
        {t(active ? "promo:affiliate_deactivate" : "promo:affiliate_activate")}
      </Button>
    </form>
  );
}

export default function AffiliatePage({ loaderData: d }: Route.ComponentProps) {
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const linksId = useId();
  const detailsId = useId();
  const error = promoErrorFromQuery(location.search);
  const saved = new URLSearchParams(location.search).get("saved");
  useEffect(() => {
    if (!saved) return;
    toast.success(t("saved"));
    void navigate(location.pathname, { replace: true });
  }, [saved, t, navigate, location.pathname]);
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-8">
      <div className="flex flex-col gap-4">
        <Link
          to="/home/affiliates"
          className="inline-flex items-center gap-1 self-start text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
        >
          <ArrowLeft aria-hidden className="size-4" />
          {t("promo:affiliates_back")}
        </Link>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-3">
              <h1 className="text-2xl font-bold break-all sm:text-3xl">
                {t("promo:affiliate_title", { code: d.affiliate.code })}
              </h1>
              <AffiliateStatusBadge active={d.affiliate.active} />
            </div>
            <p className="mt-1 break-words text-muted">
              {d.affiliate.name}
              {d.affiliate.email && ` · ${d.affiliate.email}`}
              {" · "}
              {t("promo:commission_summary", {
                percent: d.affiliate.commission_percent,
                count: d.affiliate.cookie_days,
              })}
            </p>
          </div>
          <ActiveSwitch id={d.affiliate.id} active={d.affiliate.active} />
        </div>
        <FormAlert message={error ? t(error) : undefined} />
        {!d.affiliate.active && (
          <p role="status" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {t("promo:affiliate_inactive_notice")}
          </p>
        )}
      </div>

      <section aria-labelledby={linksId} className="flex flex-col gap-4">
        <div>
          <h2 id={linksId} className="text-xl font-semibold">
            {t("promo:links_title")}
          </h2>
          <p className="mt-1 text-sm text-muted">{t("promo:links_intro", { count: d.affiliate.cookie_days })}</p>
        </div>
        <div className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200 sm:p-6">
          <ShareLinks baseUrl={d.baseUrl} code={d.affiliate.code} targets={d.targets} />
        </div>
      </section>

      <AffiliateReport summary={d.summary} sales={d.sales} />

      <section aria-labelledby={detailsId} className="flex flex-col gap-4">
        <h2 id={detailsId} className="text-xl font-semibold">
          {t("promo:affiliate_details")}
        </h2>
        <AffiliateCodeForm key={`${d.affiliate.id}-${d.affiliate.code}`} affiliate={d.affiliate} />
      </section>
    </div>
  );
}

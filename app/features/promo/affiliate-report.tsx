// An affiliate code's report: sales attributed to it that earned a commission, their revenue and the
// commission total, then the list of those sales (date, product, buyer, amount, commission). Values arrive
// formatted by the loader.
import { useId } from "react";
import { useT } from "#app/lib/i18n.tsx";

export type ReportSale = {
  id: number;
  date: string;
  product: string;
  buyer: string;
  email: string;
  total: string;
  commission: string;
  refunded: boolean;
};

export type ReportSummary = { sales: number; revenue: string; commission: string };

export function AffiliateReport({ summary, sales }: { summary: ReportSummary; sales: ReportSale[] }) {
  const t = useT();
  const headingId = useId();
  const figures = [
    { label: t("promo:report_sales"), value: String(summary.sales), testId: "report-sales" },
    { label: t("promo:report_revenue"), value: summary.revenue, testId: "report-revenue" },
    { label: t("promo:report_commission"), value: summary.commission, testId: "report-commission" },
  ];
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-xl font-semibold">
        {t("promo:report_title")}
      </h2>
      <dl className="grid gap-3 sm:grid-cols-3">
        {figures.map((figure) => (
          <div key={figure.testId} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200">
            <dt className="text-sm text-muted">{figure.label}</dt>
            <dd data-testid={figure.testId} className="mt-1 text-2xl font-bold tabular-nums">
              {figure.value}
            </dd>
          </div>
        ))}
      </dl>
      {sales.length === 0 ? (
        <p className="rounded-xl bg-white p-6 text-muted shadow-sm ring-1 ring-gray-200">{t("promo:report_empty")}</p>
      ) : (
        <ul
          aria-label={t("promo:report_list")}
          className="divide-y divide-gray-100 rounded-xl bg-white shadow-sm ring-1 ring-gray-200"
        >
          {sales.map((sale) => (
            <li
              key={sale.id}
              data-transaction-id={sale.id}
              className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:gap-4 sm:px-5"
            >
              <div className="min-w-0 flex-1">
                <p className="font-semibold break-words">{sale.product}</p>
                <p className="text-sm break-words text-muted">
                  {sale.buyer} · {sale.email}
                </p>
                <p className="text-xs text-muted">
                  {sale.date}
                  {sale.refunded && ` · ${t("promo:report_refunded")}`}
                </p>
              </div>
              <dl className="grid grid-cols-2 gap-3 text-sm sm:flex sm:gap-6">
                <div>
                  <dt className="text-xs text-muted">{t("promo:report_amount")}</dt>
                  <dd className="font-medium tabular-nums">{sale.total}</dd>
                </div>
                <div>
                  <dt className="text-xs text-muted">{t("promo:report_commission")}</dt>
                  <dd className="font-medium tabular-nums">{sale.commission}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

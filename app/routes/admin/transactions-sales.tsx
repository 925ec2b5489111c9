// /home/sales: the sales summary of the filtered range (dates, product, provider, search):
// successful transactions only (PERFORMED, CLEARED, ACCESS_GRANTED), their revenue by product and by day (UTC),
// and the totals.
import { Link } from "react-router";
import { ArrowLeft } from "lucide-react";
import { listSoldProducts } from "#core/transactions/list-transactions.ts";
import { salesSummary } from "#core/transactions/sales-summary.ts";
import { filtersFrom, filtersQuery } from "#core/transactions/schemas.ts";
import { formatDate } from "#platform/i18n/format.ts";
import { formatMoney } from "#core/shared/money.ts";
import { pageContext } from "#server/page-context.ts";
import { useT } from "#app/lib/i18n.tsx";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { FiltersForm } from "#app/features/transactions/filters-form.tsx";
import type { Route } from "./+types/transactions-sales.ts";
import { EmptyState } from "#app/ui/empty-state.tsx";
import { DataTable } from "#app/ui/data-table.tsx";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches[0]?.loaderData, "transactions:sales_title");
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, request: ctx } = context.get(pageContext);
  const filters = { ...filtersFrom(new URL(request.url).searchParams), status: undefined };
  const [summary, products] = await Promise.all([
    salesSummary(services.db, ctx.actor, filters),
    listSoldProducts(services.db, ctx.actor),
  ]);
  const money = (cents: number, currency: string) => formatMoney(cents, currency, ctx.lang);
  return {
    filters,
    products,
    totals: summary.totals.map((line) => ({ ...line, revenue: money(line.revenue_cents, line.currency) })),
    byProduct: summary.byProduct.map((line) => ({ ...line, revenue: money(line.revenue_cents, line.currency) })),
    byDay: summary.byDay.map((line) => ({
      ...line,
      date: formatDate(`${line.day}T00:00:00Z`, ctx.lang),
      revenue: money(line.revenue_cents, line.currency),
    })),
  };
}

function SalesTable({
  caption,
  first,
  rows,
}: {
  caption: string;
  first: string;
  rows: { key: string; label: string; count: number; quantity: number; revenue: string }[];
}) {
  const t = useT();
  return (
    <section aria-label={caption} className="flex flex-col gap-3">
      <h2 className="text-lg font-semibold">{caption}</h2>
      {rows.length === 0 ? (
        <EmptyState text={t("transactions:no_sales")} />
      ) : (
        <DataTable
          framed
          caption={caption}
          rows={rows}
          rowKey={(row) => row.key}
          columns={[
            { key: "label", header: first, rowHeader: true, className: "break-words", cell: (row) => row.label },
            {
              key: "count",
              header: t("transactions:sales_count"),
              align: "right",
              className: "tabular-nums",
              cell: (row) => row.count,
            },
            {
              key: "units",
              header: t("transactions:units"),
              align: "right",
              className: "hidden tabular-nums sm:table-cell",
              cell: (row) => row.quantity,
            },
            {
              key: "revenue",
              header: t("transactions:revenue"),
              align: "right",
              className: "font-semibold whitespace-nowrap tabular-nums",
              cell: (row) => row.revenue,
            },
          ]}
        />
      )}
    </section>
  );
}

export default function Sales({ loaderData: d }: Route.ComponentProps) {
  const t = useT();
  const query = filtersQuery(d.filters);
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div>
        <Link
          to={`/home/transactions${query ? `?${query}` : ""}`}
          className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 underline underline-offset-4"
        >
          <ArrowLeft aria-hidden className="size-4" />
          {t("transactions:back_to_list")}
        </Link>
        <h1 className="mt-2 text-2xl font-bold sm:text-3xl">{t("transactions:sales_title")}</h1>
        <p className="mt-1 text-muted">{t("transactions:sales_intro")}</p>
      </div>

      <FiltersForm action="/home/sales" filters={d.filters} products={d.products} withStatus={false} />

      <dl className="grid gap-3 sm:grid-cols-3" aria-label={t("transactions:sales_totals")} data-testid="sales-totals">
        {d.totals.length === 0 ? (
          <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:col-span-3">
            <dt className="text-sm text-muted">{t("transactions:revenue")}</dt>
            <dd className="mt-1 text-2xl font-bold">{t("transactions:no_sales")}</dd>
          </div>
        ) : (
          d.totals.map((line) => (
            <div key={line.currency} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200">
              <dt className="text-sm text-muted">{t("transactions:revenue_in", { currency: line.currency })}</dt>
              <dd className="mt-1 text-2xl font-bold tabular-nums">{line.revenue}</dd>
              <dd className="text-sm text-muted">
                {t("transactions:sales_summary_line", { count: line.count, units: line.quantity })}
              </dd>
            </div>
          ))
        )}
      </dl>

      <div className="grid gap-6 lg:grid-cols-2">
        <SalesTable
          caption={t("transactions:by_product")}
          first={t("transactions:product")}
          rows={d.byProduct.map((line) => ({ key: `${line.product_id}-${line.currency}`, label: line.title, ...line }))}
        />
        <SalesTable
          caption={t("transactions:by_day")}
          first={t("transactions:day")}
          rows={d.byDay.map((line) => ({ key: `${line.day}-${line.currency}`, label: line.date, ...line }))}
        />
      </div>
    </div>
  );
}

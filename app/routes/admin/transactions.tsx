// /home/transactions: every transaction for the admin, newest first, with filters (status, provider, product,
// dates) and a search (buyer's e-mail or name, the hash), a page at a time, the count and total of what is
// shown, the CSV export of the filtered list and the way to each transaction's details and to the sales summary.
import { Link, useLocation } from "react-router";
import { BarChart3 } from "lucide-react";
import { listSoldProducts, listTransactions } from "#core/transactions/list-transactions.ts";
import { filtersFrom, filtersQuery } from "#core/transactions/schemas.ts";
import { formatDateTime } from "#platform/i18n/format.ts";
import { formatMoney } from "#core/shared/money.ts";
import { pageContext } from "#server/page-context.ts";
import { useT } from "#app/lib/i18n.tsx";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { ExportForm } from "#app/features/transactions/export-form.tsx";
import { FiltersForm } from "#app/features/transactions/filters-form.tsx";
import { TransactionStatusBadge } from "#app/features/transactions/status-badge.tsx";
import { buttonClass } from "#app/ui/button.tsx";
import { DataTable } from "#app/ui/data-table.tsx";
import { EmptyState } from "#app/ui/empty-state.tsx";
import { FormAlert } from "#app/ui/field.tsx";
import { Pager } from "#app/ui/pager.tsx";
import type { Route } from "./+types/transactions.ts";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches[0]?.loaderData, "transactions:title");
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, request: ctx } = context.get(pageContext);
  const filters = filtersFrom(new URL(request.url).searchParams);
  const [list, products] = await Promise.all([
    listTransactions(services.db, ctx.actor, filters),
    listSoldProducts(services.db, ctx.actor),
  ]);
  return {
    filters,
    products,
    count: list.count,
    page: list.page,
    pages: list.pages,
    totals: list.totals.map((total) => ({
      currency: total.currency,
      count: total.count,
      amount: formatMoney(total.amount_cents, total.currency, ctx.lang),
    })),
    transactions: list.transactions.map((row) => ({
      id: row.id,
      hash: row.hash,
      status: row.status,
      product: row.product_title,
      buyer_name: row.buyer_name,
      buyer_email: row.buyer_email,
      quantity: row.quantity,
      amount: formatMoney(row.total_cents, row.currency, ctx.lang),
      date: formatDateTime(row.created_at, ctx.lang, ctx.school?.time_zone),
    })),
  };
}

/** Only keys this page's export form can produce are shown from ?error=. */
function errorKey(search: string): string | undefined {
  const key = new URLSearchParams(search).get("error");
  return key && /^(errors|transactions):[a-z_]+$/.test(key) ? key : undefined;
}

export default function Transactions({ loaderData: d }: Route.ComponentProps) {
  const t = useT();
  const location = useLocation();
  const error = errorKey(location.search);
  const query = filtersQuery(d.filters);
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">{t("transactions:title")}</h1>
          <p className="mt-1 text-muted">{t("transactions:intro")}</p>
        </div>
        <Link to={`/home/sales${query ? `?${query}` : ""}`} className={buttonClass("secondary")}>
          <BarChart3 aria-hidden className="size-4" />
          {t("transactions:sales_link")}
        </Link>
      </div>

      <FiltersForm action="/home/transactions" filters={d.filters} products={d.products} />
      <FormAlert message={error ? t(error) : undefined} />

      <div className="flex flex-wrap items-start justify-between gap-4">
        <div aria-live="polite">
          <p className="font-semibold">{t("transactions:found", { count: d.count })}</p>
          {d.totals.length > 0 && (
            <p className="text-sm text-muted" data-testid="totals">
              {t("transactions:totals", { amounts: d.totals.map((total) => total.amount).join(" · ") })}
            </p>
          )}
        </div>
        <ExportForm filters={d.filters} />
      </div>

      {d.transactions.length === 0 ? (
        <EmptyState text={t("transactions:empty")} />
      ) : (
        <DataTable
          framed
          caption={t("transactions:title")}
          rows={d.transactions}
          rowKey={(row) => row.id}
          rowProps={(row) => ({ "data-transaction": row.hash })}
          columns={[
            {
              key: "buyer",
              header: t("transactions:buyer"),
              cell: (row) => (
                <>
                  <Link
                    to={`/home/transactions/${row.id}`}
                    className="font-semibold break-words text-brand-700 underline underline-offset-4"
                    aria-label={t("transactions:details_of", { name: row.buyer_name, date: row.date })}
                  >
                    {row.buyer_name}
                  </Link>
                  <p className="text-xs break-all text-muted">{row.buyer_email}</p>
                  <p className="text-xs text-muted">{row.date}</p>
                  <p className="mt-1 text-xs break-words text-ink md:hidden">{row.product}</p>
                  <p className="mt-1 sm:hidden">
                    <TransactionStatusBadge status={row.status} />
                  </p>
                </>
              ),
            },
            {
              key: "product",
              header: t("transactions:product"),
              className: "hidden break-words md:table-cell",
              cell: (row) => (
                <>
                  {row.product}
                  {row.quantity > 1 && <span className="text-muted"> × {row.quantity}</span>}
                </>
              ),
            },
            {
              key: "status",
              header: t("transactions:status"),
              className: "hidden sm:table-cell",
              cell: (row) => <TransactionStatusBadge status={row.status} />,
            },
            {
              key: "amount",
              header: t("transactions:amount"),
              align: "right",
              className: "font-semibold whitespace-nowrap tabular-nums",
              cell: (row) => row.amount,
            },
          ]}
        />
      )}
      <Pager
        page={d.page}
        pages={d.pages}
        hrefFor={(page) => {
          const q = filtersQuery(d.filters, { page });
          return `/home/transactions${q ? `?${q}` : ""}`;
        }}
      />
    </div>
  );
}

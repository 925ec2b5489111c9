// /my/invoices: the buyer's invoices (the selling issue, item 7): per purchase with an invoice, the product, the
// date, the amount, and the invoice number with its PDF, or where it stands (being issued, could not be issued).
import { FileText } from "lucide-react";
import { listInvoicesForUser } from "#core/invoices/list-invoices-for-user.ts";
import { formatDate } from "#platform/i18n/format.ts";
import { formatMoney } from "#core/shared/money.ts";
import { pageContext } from "#server/page-context.ts";
import { useT } from "#app/lib/i18n.tsx";
import { buttonClass } from "#app/ui/button.tsx";
import type { Route } from "./+types/invoices.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { Badge, type BadgeTone } from "#app/ui/badge.tsx";
import { EmptyState } from "#app/ui/empty-state.tsx";

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches[0]?.loaderData, "invoices:title");
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services, request: ctx } = context.get(pageContext);
  const invoices = await listInvoicesForUser(services.db, ctx.actor);
  return {
    invoices: invoices.map((invoice) => ({
      id: invoice.id,
      product: invoice.product_title,
      date: formatDate(invoice.date, ctx.lang),
      amount: formatMoney(invoice.total_cents, invoice.currency, ctx.lang),
      status: invoice.status,
      number: invoice.number,
      pdf: invoice.has_pdf ? `/my/invoices/${invoice.id}/pdf` : null,
    })),
  };
}

const statusTone = { scheduled: "warning", issued: "success", failed: "danger" } as const satisfies Record<
  string,
  BadgeTone
>;

export default function MyInvoices({ loaderData: { invoices } }: Route.ComponentProps) {
  const t = useT();
  return (
    <section aria-labelledby="invoices-title">
      <h1 id="invoices-title" className="text-2xl font-bold">
        {t("invoices:title")}
      </h1>
      <p className="mt-1 text-muted">{t("invoices:intro")}</p>
      {invoices.length === 0 ? (
        <EmptyState className="mt-6" icon={FileText} text={t("invoices:empty")} />
      ) : (
        <ul className="mt-6 flex flex-col gap-3" aria-label={t("invoices:list_label")}>
          {invoices.map((invoice) => (
            <li
              key={invoice.id}
              data-invoice-id={invoice.id}
              className="flex flex-col gap-3 rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <h2 className="font-semibold break-words">{invoice.product}</h2>
                <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
                  <div className="flex gap-1">
                    <dt className="sr-only">{t("invoices:date")}</dt>
                    <dd>{invoice.date}</dd>
                  </div>
                  <div className="flex gap-1">
                    <dt className="sr-only">{t("invoices:amount")}</dt>
                    <dd className="font-medium text-ink tabular-nums">{invoice.amount}</dd>
                  </div>
                  {invoice.number && (
                    <div className="flex gap-1">
                      <dt>{t("invoices:number")}:</dt>
                      <dd className="font-medium text-ink">{invoice.number}</dd>
                    </div>
                  )}
                </dl>
                {invoice.status === "failed" && (
                  <p className="mt-2 text-sm text-red-800">{t("invoices:failed_help")}</p>
                )}
              </div>
              <div className="flex shrink-0 items-center gap-3">
                {invoice.pdf ? (
                  <a
                    href={invoice.pdf}
                    className={buttonClass("secondary")}
                    aria-label={t("invoices:download_label", { number: invoice.number ?? "" })}
                  >
                    <FileText aria-hidden className="size-4" />
                    {t("invoices:download")}
                  </a>
                ) : (
                  <Badge tone={statusTone[invoice.status]}>{t(`invoices:status_${invoice.status}`)}</Badge>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

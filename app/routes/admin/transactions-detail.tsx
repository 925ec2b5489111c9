// /home/transactions/{id}: everything about one transaction: amounts, buyer, product, codes, the affiliate's
// commission, the invoice, the provider's notifications (payment_events), the invitations of a team purchase;
// and what the admin can do: grant or deny access with a reason (spec §4), record a refund (recorded only).
import { AppError } from "#core/errors.ts";
import { Link, useLocation } from "react-router";
import { ArrowLeft } from "lucide-react";
import { getTransactionDetails } from "#core/transactions/get-transaction-details.ts";
import { formatDateTime } from "#platform/i18n/format.ts";
import { formatMoney, moneyInputText } from "#core/shared/money.ts";
import { translator } from "#platform/i18n/index.ts";
import { pageContext } from "#server/page-context.ts";
import { useT } from "#app/lib/i18n.tsx";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { InvitationStatusBadge } from "#app/features/access-manager/invitations-table.tsx";
import { AccessDecisionForm } from "#app/features/transactions/access-decision-form.tsx";
import { RefundForm } from "#app/features/transactions/refund-form.tsx";
import { TransactionStatusBadge } from "#app/features/transactions/status-badge.tsx";
import { translateProviderNote } from "#app/features/transactions/provider-notes.ts";
import { FormAlert } from "#app/ui/field.tsx";
import { FactList, Panel } from "#app/ui/panel.tsx";
import { idFromText } from "#core/shared/ids.ts";
import type { Route } from "./+types/transactions-detail.ts";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches[0]?.loaderData, "transactions:details_title");
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const { services, request: ctx } = context.get(pageContext);
  const id = idFromText(params.transactionId);
  const details = id ? await getTransactionDetails(services.db, ctx.actor, id) : null;
  if (!details) throw new AppError("not_found");
  const tx = details.transaction;
  const money = (cents: number | null) => (cents === null ? "" : formatMoney(cents, tx.currency, ctx.lang));
  const date = (value: string | null) => (value ? formatDateTime(value, ctx.lang, ctx.school?.time_zone) : "");
  const t = translator(ctx.lang);
  const note = (text: string | null) =>
    text ? translateProviderNote(t, text, (cents) => formatMoney(cents, tx.currency, ctx.lang)) : text;
  return {
    id: tx.id,
    hash: tx.hash,
    status: tx.status,
    provider: tx.provider,
    providerRef: tx.provider_ref,
    quantity: tx.quantity,
    unitPrice: money(tx.unit_price_cents),
    discount: tx.discount_cents > 0 ? money(tx.discount_cents) : "",
    total: money(tx.total_cents),
    totalInput: moneyInputText(tx.total_cents, ctx.lang),
    vatRate: tx.vat_rate,
    created: date(tx.created_at),
    paid: date(tx.paid_at),
    granted: date(tx.access_granted_at),
    failureReason: note(tx.failure_reason),
    accessNote: tx.access_note,
    refund: tx.refunded_at
      ? { date: date(tx.refunded_at), amount: money(tx.refund_cents), reason: tx.refund_reason }
      : null,
    buyer: { name: tx.buyer_name, email: tx.buyer_email, account: details.buyer },
    product: details.product,
    course: details.course,
    variant: details.variant,
    promoCode: details.promoCode?.code ?? null,
    affiliate: details.affiliate && {
      code: details.affiliate.code,
      name: details.affiliate.name,
      percent: details.affiliate.commission_percent,
      amount:
        details.affiliate.amount_cents === null
          ? null
          : formatMoney(details.affiliate.amount_cents, details.affiliate.currency ?? tx.currency, ctx.lang),
    },
    invoiceDetails: details.invoiceDetails,
    invoice: details.invoice,
    events: details.events.map((event) => ({ ...event, detail: note(event.detail), date: date(event.received_at) })),
    invitations: details.invitations.map((invitation) => ({
      ...invitation,
      date: date(invitation.accepted_at ?? invitation.created_at),
    })),
    access: details.access,
    can: details.can,
  };
}

/** Only keys this page's plain forms can produce are shown from ?error=. */
function errorKey(search: string): string | undefined {
  const key = new URLSearchParams(search).get("error");
  return key && /^(validation|errors|transactions):[a-z_]+$/.test(key) ? key : undefined;
}

const accessLook = {
  waiting: "border-amber-200 bg-amber-50 text-amber-900",
  granted: "border-emerald-200 bg-emerald-50 text-emerald-900",
  denied: "border-red-200 bg-red-50 text-red-900",
  none: "border-gray-200 bg-gray-50 text-ink",
} as const;

export default function TransactionDetails({ loaderData: d }: Route.ComponentProps) {
  const t = useT();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const error = errorKey(location.search);
  const done = params.get("done");
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <div>
        <Link
          to="/home/transactions"
          className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 underline underline-offset-4"
        >
          <ArrowLeft aria-hidden className="size-4" />
          {t("transactions:back_to_list")}
        </Link>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold break-words sm:text-3xl">{d.product.title}</h1>
          <TransactionStatusBadge status={d.status} />
        </div>
        <p className="mt-1 text-lg font-semibold tabular-nums">{d.total}</p>
      </div>

      <FormAlert message={error ? t(error, { max: d.total }) : undefined} />
      {done && !error && /^(grant|deny|refund)$/.test(done) && (
        <p
          role="status"
          className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900"
        >
          {t(`transactions:done_${done}`)}
        </p>
      )}

      <Panel title={t("transactions:summary")}>
        <FactList
          items={[
            [t("transactions:hash"), <code key="hash">{d.hash}</code>],
            [t("transactions:created"), d.created],
            [t("transactions:paid"), d.paid],
            [t("transactions:provider"), t(`transactions:provider_${d.provider}`)],
            [t("transactions:provider_ref"), d.providerRef],
            [t("transactions:variant"), d.variant ? d.variant.name || `#${d.variant.position}` : ""],
            [t("transactions:quantity"), d.quantity],
            [t("transactions:unit_price"), d.unitPrice],
            [t("transactions:discount"), d.discount],
            [t("transactions:promo_code"), d.promoCode],
            [t("transactions:total"), d.total],
            [t("transactions:vat_rate"), `${d.vatRate}%`],
            [t("transactions:failure_reason"), d.failureReason],
          ]}
        />
      </Panel>

      <Panel title={t("transactions:buyer")}>
        <FactList
          items={[
            [t("transactions:buyer_name"), d.buyer.name],
            [t("transactions:buyer_email"), d.buyer.email],
            [
              t("transactions:account_email"),
              d.buyer.account && d.buyer.account.email !== d.buyer.email ? d.buyer.account.email : "",
            ],
          ]}
        />
        {d.invoiceDetails && (
          <>
            <h3 className="mt-2 font-semibold">{t("transactions:invoice_details")}</h3>
            <FactList
              items={[
                [t("transactions:company_name"), d.invoiceDetails.company_name],
                [t("transactions:vat_number"), d.invoiceDetails.vat_number],
                [
                  t("transactions:address"),
                  [
                    d.invoiceDetails.street,
                    `${d.invoiceDetails.postal_code} ${d.invoiceDetails.city}`.trim(),
                    d.invoiceDetails.country,
                  ]
                    .filter(Boolean)
                    .join(", "),
                ],
              ]}
            />
          </>
        )}
      </Panel>

      <Panel title={t("transactions:access")}>
        <p className={`rounded-md border px-3 py-2 text-sm ${accessLook[d.access]}`} data-testid="access-state">
          {t(`transactions:access_${d.access}`, { date: d.granted })}
        </p>
        {d.accessNote && (
          <FactList
            items={[
              [
                t("transactions:access_note"),
                <span key="note" className="break-words whitespace-pre-line">
                  {d.accessNote}
                </span>,
              ],
            ]}
          />
        )}
        {d.course && d.quantity > 1 && (
          <Link
            to={`/home/access-manager/${d.course.id}?transaction=${d.id}`}
            className="self-start text-sm font-semibold text-brand-700 underline underline-offset-4"
          >
            {t("transactions:open_access_manager")}
          </Link>
        )}
        {(d.can.grant || d.can.deny) && (
          <div className="grid gap-6 border-t border-gray-200 pt-4 md:grid-cols-2">
            {d.can.grant && <AccessDecisionForm transactionId={d.id} decision="grant" />}
            {d.can.deny && <AccessDecisionForm transactionId={d.id} decision="deny" />}
          </div>
        )}
      </Panel>

      <Panel title={t("transactions:refund")}>
        {d.refund ? (
          <FactList
            items={[
              [t("transactions:refunded_at"), d.refund.date],
              [t("transactions:refund_amount"), d.refund.amount],
              [
                t("transactions:reason"),
                <span key="reason" className="break-words whitespace-pre-line">
                  {d.refund.reason}
                </span>,
              ],
            ]}
          />
        ) : d.can.refund ? (
          <RefundForm transactionId={d.id} total={d.total} defaultAmount={d.totalInput} />
        ) : (
          <p className="text-sm text-muted">{t("transactions:refund_not_possible")}</p>
        )}
      </Panel>

      <Panel title={t("transactions:invoice")}>
        {d.invoice ? (
          <FactList
            items={[
              [t("transactions:invoice_status"), t(`transactions:invoice_status_${d.invoice.status}`)],
              [t("transactions:invoice_number"), d.invoice.number],
              [
                t("transactions:invoice_pdf"),
                d.invoice.pdf_url && /^https?:\/\//i.test(d.invoice.pdf_url) ? (
                  <a
                    key="pdf"
                    href={d.invoice.pdf_url}
                    className="text-brand-700 underline underline-offset-4"
                    rel="noreferrer noopener"
                    target="_blank"
                  >
                    {t("transactions:open_pdf")}
                  </a>
                ) : (
                  ""
                ),
              ],
              [t("transactions:invoice_error"), d.invoice.last_error],
            ]}
          />
        ) : (
          <p className="text-sm text-muted">{t("transactions:no_invoice")}</p>
        )}
      </Panel>

      {d.affiliate && (
        <Panel title={t("transactions:affiliate")}>
          <FactList
            items={[
              [t("transactions:affiliate_code"), d.affiliate.code],
              [t("transactions:affiliate_name"), d.affiliate.name],
              [
                t("transactions:commission"),
                d.affiliate.amount
                  ? `${d.affiliate.amount} (${d.affiliate.percent}%)`
                  : t("transactions:no_commission"),
              ],
            ]}
          />
        </Panel>
      )}

      {d.quantity > 1 && (
        <Panel title={t("transactions:invitations")}>
          {d.invitations.length === 0 ? (
            <p className="text-sm text-muted">{t("transactions:no_invitations")}</p>
          ) : (
            <ul className="divide-y divide-gray-100 text-sm">
              {d.invitations.map((invitation) => (
                <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span className="min-w-0">
                    <span className="font-medium break-words">{invitation.name}</span>
                    <span className="block break-all text-muted">{invitation.email}</span>
                  </span>
                  <span className="flex items-center gap-2 text-xs text-muted">
                    {invitation.date}
                    <InvitationStatusBadge status={invitation.status} />
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Panel>
      )}

      <Panel title={t("transactions:events")}>
        {d.events.length === 0 ? (
          <p className="text-sm text-muted">{t("transactions:no_events")}</p>
        ) : (
          <ul className="divide-y divide-gray-100 text-sm">
            {d.events.map((event) => (
              <li key={event.id} className="flex flex-col gap-1 py-2">
                <span className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">
                    {t(`transactions:outcome_${event.outcome}`, { defaultValue: event.outcome })}
                  </span>
                  <span className="text-muted">{event.date}</span>
                </span>
                <span className="break-all text-muted">
                  {event.provider} · {event.event_key}
                  {event.detail && ` · ${event.detail}`}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </div>
  );
}

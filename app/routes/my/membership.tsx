// /my/membership (issue 15, item 7): the member's memberships with their plan, status, next charge date and
// amount, card brand and last digits, and the actions the status allows (cancel with the survey, resume, subscribe
// again).
import { Link, useRevalidator, useSearchParams } from "react-router";
import { BadgeCheck, CreditCard, FileText } from "lucide-react";
import { listMembershipInvoicesForUser, type MembershipInvoice } from "#core/invoices/list-membership-invoices.ts";
import { getMyMemberships, type MyMembership } from "#core/memberships/get-my-membership.ts";
import { formatDate } from "#platform/i18n/format.ts";
import { pageContext } from "#server/page-context.ts";
import { api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { pageTitle } from "#app/lib/page-title.ts";
import { useRootData, useTimeZone } from "#app/lib/root-data.ts";
import { CancelMembership } from "#app/features/memberships/cancel-flow.tsx";
import { periodLabel } from "#app/features/memberships/subscribe-checkout.tsx";
import { WithdrawMembership } from "#app/features/memberships/withdraw-membership.tsx";
import { StripeCardUpdate, StripeReturnNotice } from "#app/features/memberships/stripe-billing.tsx";
import { useMoney } from "#app/features/purchase/money.ts";
import { Badge, type BadgeTone } from "#app/ui/badge.tsx";
import { Button, buttonClass } from "#app/ui/button.tsx";
import { EmptyState } from "#app/ui/empty-state.tsx";
import type { Route } from "./+types/membership.ts";

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches[0]?.loaderData, "memberships:my_title");
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services, request: ctx } = context.get(pageContext);
  return {
    memberships: await getMyMemberships(services.db, ctx.actor),
    invoices: await listMembershipInvoicesForUser(services.db, ctx.actor),
  };
}

const statusTone: Record<MyMembership["status"], BadgeTone> = {
  STARTED: "neutral",
  active: "success",
  at_risk: "warning",
  past_due: "danger",
  canceled: "warning",
  finished: "neutral",
  expired: "neutral",
};

function Resume({ membershipId }: { membershipId: number }) {
  const t = useT();
  const revalidator = useRevalidator();
  return (
    <Button
      variant="secondary"
      onClick={async () => {
        try {
          await api("POST", "/my/membership/resume", { membership_id: membershipId });
        } catch {
          // the api wrapper has said what went wrong
        }
        await revalidator.revalidate();
      }}
    >
      {t("memberships:resume_button")}
    </Button>
  );
}

const invoiceTone = { scheduled: "warning", issued: "success", failed: "danger" } as const satisfies Record<
  MembershipInvoice["status"],
  BadgeTone
>;

/** The membership's invoices, one per paid charge, with the PDF link as /my/invoices has it. */
function MembershipInvoices({ invoices, currency }: { invoices: MembershipInvoice[]; currency: string }) {
  const t = useT();
  const lang = useRootData()?.lang ?? "en";
  const timeZone = useTimeZone();
  const money = useMoney(currency);
  if (invoices.length === 0) return null;
  return (
    <div>
      <h3 className="text-sm font-semibold">{t("invoices:title")}</h3>
      <ul className="mt-2 flex flex-col divide-y divide-gray-100 text-sm" aria-label={t("invoices:list_label")}>
        {invoices.map((invoice) => (
          <li
            key={invoice.id}
            data-membership-invoice-id={invoice.id}
            className="flex flex-wrap items-center justify-between gap-2 py-2"
          >
            <span className="tabular-nums">
              {formatDate(invoice.date, lang, timeZone)} · {money(invoice.total_cents)}
              {invoice.number && <span className="ms-2 font-medium">{invoice.number}</span>}
            </span>
            {invoice.has_pdf ? (
              <a
                href={`/my/membership/invoices/${invoice.id}/pdf`}
                className={buttonClass("secondary")}
                aria-label={t("invoices:download_label", { number: invoice.number ?? "" })}
              >
                <FileText aria-hidden className="size-4" />
                {t("invoices:download")}
              </a>
            ) : (
              <Badge tone={invoiceTone[invoice.status]}>{t(`invoices:status_${invoice.status}`)}</Badge>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

function MembershipPanel({ membership: m, invoices }: { membership: MyMembership; invoices: MembershipInvoice[] }) {
  const t = useT();
  const lang = useRootData()?.lang ?? "en";
  const timeZone = useTimeZone();
  const money = useMoney(m.currency);
  const date = (iso: string) => formatDate(iso, lang, timeZone);
  return (
    <section
      aria-labelledby={`membership-${m.id}`}
      data-membership-id={m.id}
      data-status={m.status}
      className="flex flex-col gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200 sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={`membership-${m.id}`} className="text-xl font-semibold break-words">
            {m.plan_name}
          </h2>
          <p className="text-sm text-muted tabular-nums">
            {money(m.price_cents)} / {periodLabel(t, m.period_months)}
          </p>
        </div>
        <Badge tone={statusTone[m.status]}>
          <span data-testid="membership-status">{t(`memberships:status_${m.status.toLowerCase()}`)}</span>
        </Badge>
      </div>
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        {m.next_charge_at && (
          <div>
            <dt className="text-muted">{t("memberships:next_charge")}</dt>
            <dd className="font-medium" data-testid="next-charge">
              {t("memberships:next_charge_value", { date: date(m.next_charge_at), amount: money(m.next_charge_cents) })}
            </dd>
          </div>
        )}
        {m.status === "canceled" && m.current_period_end && (
          <div>
            <dt className="text-muted">{t("memberships:access_until")}</dt>
            <dd className="font-medium" data-testid="access-until">
              {date(m.current_period_end)}
            </dd>
          </div>
        )}
        {m.trial_ends_at && m.status === "active" && m.trial_ends_at === m.current_period_end && (
          <div>
            <dt className="text-muted">{t("memberships:trial_ends")}</dt>
            <dd className="font-medium">{date(m.trial_ends_at)}</dd>
          </div>
        )}
        {m.card && (
          <div>
            <dt className="text-muted">{t("memberships:card")}</dt>
            <dd className="flex items-center gap-2 font-medium" data-testid="membership-card">
              <CreditCard aria-hidden className="size-4" />
              {t("memberships:card_value", { brand: t(`memberships:brand_${m.card.brand}`), last4: m.card.last4 })}
              {m.card.exp_month && m.card.exp_year
                ? ` · ${String(m.card.exp_month).padStart(2, "0")}/${String(m.card.exp_year).slice(-2)}`
                : ""}
            </dd>
          </div>
        )}
      </dl>
      {m.status === "past_due" && <p className="text-sm text-red-700">{t("memberships:past_due_note")}</p>}
      {m.withdraw_until && (
        <p className="text-sm text-muted" data-testid="withdraw-until">
          {t("memberships:withdraw_until", { date: date(m.withdraw_until) })}
        </p>
      )}
      {m.withdrawn_at && (
        <p className="text-sm text-muted" data-testid="withdrawn">
          {t("memberships:withdrawn_note", { date: date(m.withdrawn_at) })}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {m.actions.cancel && <CancelMembership membershipId={m.id} status={m.status} />}
        {m.actions.resume && <Resume membershipId={m.id} />}
        {m.actions.withdraw && m.withdraw_until && (
          <WithdrawMembership membershipId={m.id} until={date(m.withdraw_until)} refund={money(m.paid_cents)} />
        )}
        {m.actions.update_card && (
          <Link to={`/my/membership/card?membership=${m.id}`} className={buttonClass("secondary")}>
            <CreditCard aria-hidden className="size-4" />
            {t("memberships_card:link")}
          </Link>
        )}
        {m.actions.update_card_stripe && <StripeCardUpdate membershipId={m.id} />}
        {m.actions.subscribe_again && (
          <Link to={`/subscribe/checkout?plan=${m.plan_id}`} className={buttonClass("primary")}>
            {t("memberships:subscribe_again")}
          </Link>
        )}
      </div>
      <MembershipInvoices invoices={invoices} currency={m.currency} />
    </section>
  );
}

export default function MyMembershipPage({ loaderData: { memberships, invoices } }: Route.ComponentProps) {
  const t = useT();
  const [search] = useSearchParams();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("memberships:my_title")}</h1>
      {search.get("card") === "updated" && (
        <p role="status" className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          {t("memberships_card:updated")}
        </p>
      )}
      <StripeReturnNotice waiting={memberships.some((m) => m.status === "STARTED")} />
      {memberships.length === 0 ? (
        <EmptyState icon={BadgeCheck} title={t("memberships:my_none_title")} text={t("memberships:my_none_text")} />
      ) : (
        memberships.map((membership) => (
          <MembershipPanel
            key={membership.id}
            membership={membership}
            invoices={invoices.filter((invoice) => invoice.membership_id === membership.id)}
          />
        ))
      )}
    </div>
  );
}

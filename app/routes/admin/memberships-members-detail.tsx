// /home/memberships/members/{id}: one membership for the admin: the member, plan, status, period and card, the
// history (charges with their failures and reasons, cancellations with the survey's answer, what admins did), and
// the manual extension or ending with a reason.
import { useEffect } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { ArrowLeft } from "lucide-react";
import { getMember, type HistoryEntry } from "#core/memberships/admin/get-member.ts";
import { cardFailureCodes } from "#core/ports/card-payments.ts";
import { formatMoney } from "#core/shared/money.ts";
import { formatDate, formatDateTime } from "#platform/i18n/format.ts";
import { pageContext } from "#server/page-context.ts";
import { useT } from "#app/lib/i18n.tsx";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { EndForm } from "#app/features/memberships-admin/end-form.tsx";
import { ExtendForm } from "#app/features/memberships-admin/extend-form.tsx";
import { MemberStatusBadge } from "#app/features/memberships-admin/member-status-badge.tsx";
import { FormAlert } from "#app/ui/field.tsx";
import { FactList, Panel } from "#app/ui/panel.tsx";
import { toast } from "#app/ui/toast.tsx";
import type { Route } from "./+types/memberships-members-detail.ts";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches[0]?.loaderData, "memberships_admin:members_title");
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const { services, request: ctx } = context.get(pageContext);
  const { membership: m, member, plan, history } = await getMember(services.db, ctx.actor, params.membershipId);
  const zone = ctx.school?.time_zone;
  const date = (value: string | null) => (value ? formatDate(value, ctx.lang, zone) : "");
  const money = (cents: number, currency: string) => formatMoney(cents, currency, ctx.lang);
  return {
    id: m.id,
    status: m.status,
    member,
    plan,
    price: money(m.price_cents, m.currency),
    periodMonths: m.period_months,
    started: date(m.started_at),
    periodStart: date(m.current_period_start),
    periodEnd: date(m.current_period_end),
    trialEnds: date(m.trial_ends_at),
    ended: date(m.ended_at),
    provider: m.provider,
    card:
      m.card_brand && m.card_last4
        ? { brand: m.card_brand, last4: m.card_last4, month: m.card_exp_month, year: m.card_exp_year }
        : null,
    canExtend: ["active", "at_risk", "canceled"].includes(m.status) && m.period_months > 0,
    canEnd: ["STARTED", "active", "at_risk", "past_due", "canceled"].includes(m.status),
    history: history.map((entry) => ({
      ...entry,
      at: formatDateTime(entry.at, ctx.lang, zone),
      amount:
        entry.kind === "charge"
          ? money(entry.amount_cents, entry.currency)
          : entry.kind === "withdrawn"
            ? money(entry.refund_cents, m.currency)
            : "",
      retry: entry.kind === "charge" && entry.next_retry_at ? date(entry.next_retry_at) : "",
    })),
  };
}

type Entry = HistoryEntry & { at: string; amount: string; retry: string };

const knownFailures = new Set<string>(cardFailureCodes);

function HistoryItem({ entry }: { entry: Entry }) {
  const t = useT();
  const lines: string[] = [];
  let title: string;
  if (entry.kind === "charge") {
    title = t(`memberships_admin:history_charge_${entry.status}`, { period: entry.period, amount: entry.amount });
    lines.push(t("memberships_admin:history_attempts", { count: entry.attempts }));
    if (entry.failure_reason) {
      const reason = knownFailures.has(entry.failure_reason)
        ? t(`card:failure_${entry.failure_reason}`)
        : entry.failure_reason;
      lines.push(t("memberships_admin:history_reason", { reason }));
    }
    if (entry.retry) lines.push(t("memberships_admin:history_retry", { date: entry.retry }));
  } else if (entry.kind === "cancellation") {
    title = t("memberships_admin:history_cancellation");
    lines.push(
      entry.reason
        ? t("memberships_admin:history_reason", {
            reason: [t(`memberships:reason_${entry.reason}_label`), entry.other_reason].filter(Boolean).join(": "),
          })
        : t("memberships_admin:history_no_answer"),
    );
  } else if (entry.kind === "withdrawn") {
    title = t("memberships_admin:history_withdrawn");
    lines.push(t("memberships_admin:history_refund_due", { amount: entry.amount }));
  } else if (entry.kind === "retention") {
    title = t("memberships_admin:history_retention");
    const [kind, percent] = entry.reason.split(":");
    lines.push(
      kind === "discount"
        ? t("memberships_admin:history_retention_discount", { percent, count: entry.periods })
        : t("memberships_admin:history_retention_pause", { count: entry.periods }),
    );
  } else {
    title =
      entry.kind === "ended"
        ? t("memberships_admin:history_ended")
        : entry.days > 0
          ? t("memberships_admin:history_extended_days", { count: entry.days })
          : t("memberships_admin:history_extended_periods", { count: entry.periods });
    lines.push(t("memberships_admin:history_reason", { reason: entry.reason }));
    if (entry.by) lines.push(t("memberships_admin:history_by", { name: entry.by }));
  }
  return (
    <li className="flex flex-col gap-0.5 border-l-2 border-gray-200 pl-3" data-history={entry.kind}>
      <span className="font-medium">{title}</span>
      <span className="text-xs text-muted">{entry.at}</span>
      {lines.map((line) => (
        <span key={line} className="text-sm break-words">
          {line}
        </span>
      ))}
    </li>
  );
}

export default function MembershipMember({ loaderData: d }: Route.ComponentProps) {
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const query = new URLSearchParams(location.search);
  const saved = query.get("saved");
  const error = query.get("error");
  useEffect(() => {
    if (saved !== "extended" && saved !== "ended") return;
    toast.success(t(`memberships_admin:${saved}_toast`));
    void navigate(location.pathname, { replace: true });
  }, [saved, t, navigate, location.pathname]);
  const period = t(`memberships:period_${d.periodMonths < 0 ? "lifetime" : d.periodMonths}`);
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <div>
        <Link
          to="/home/memberships/members"
          className="inline-flex items-center gap-1 text-sm text-brand-700 underline underline-offset-4"
        >
          <ArrowLeft aria-hidden className="size-4" />
          {t("memberships_admin:back")}
        </Link>
        <h1 className="mt-2 text-2xl font-bold break-words sm:text-3xl">
          {t("memberships_admin:member_title", { name: d.member.name })}
        </h1>
      </div>
      <FormAlert message={error && /^(errors|memberships_admin):[a-z_]+$/.test(error) ? t(error) : undefined} />
      <Panel title={t("memberships_admin:facts")}>
        <FactList
          items={[
            [t("memberships_admin:fact_member"), d.member.name],
            [t("memberships_admin:fact_email"), d.member.email],
            [
              t("memberships_admin:fact_plan"),
              <Link key="plan" to={`/home/memberships/${d.plan.id}`} className="text-brand-700 underline">
                {d.plan.name}
              </Link>,
            ],
            [
              t("memberships_admin:fact_status"),
              <span key="status" data-testid="member-status">
                <MemberStatusBadge status={d.status} />
              </span>,
            ],
            [t("memberships_admin:fact_price"), `${d.price} / ${period}`],
            [t("memberships_admin:fact_started"), d.started],
            [
              t("memberships_admin:fact_period"),
              d.periodEnd
                ? t("memberships_admin:fact_period_value", { start: d.periodStart || d.started, end: d.periodEnd })
                : "",
            ],
            [t("memberships_admin:fact_trial_ends"), d.trialEnds],
            [
              t("memberships_admin:fact_card"),
              d.card
                ? t("memberships_admin:fact_card_value", {
                    ...d.card,
                    month: d.card.month ?? "",
                    year: d.card.year ?? "",
                  })
                : "",
            ],
            [t("memberships_admin:fact_provider"), d.provider],
            [t("memberships_admin:fact_ended"), d.ended],
          ]}
        />
      </Panel>
      {(d.canExtend || d.canEnd) && (
        <div className="grid gap-6 md:grid-cols-2">
          {d.canExtend && (
            <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6">
              <ExtendForm membershipId={d.id} />
            </div>
          )}
          {d.canEnd && (
            <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6">
              <EndForm membershipId={d.id} />
            </div>
          )}
        </div>
      )}
      <Panel title={t("memberships_admin:history")}>
        {d.history.length === 0 ? (
          <p className="text-sm text-muted">{t("memberships_admin:history_empty")}</p>
        ) : (
          <ol className="flex flex-col gap-4">
            {d.history.map((entry, index) => (
              <HistoryItem key={index} entry={entry as Entry} />
            ))}
          </ol>
        )}
      </Panel>
    </div>
  );
}

// The memberships' figures on /home/memberships (issue 15, item 8): active members, MRR, revenue recovered by
// retries, churn by month and the cancellation survey's reasons. The loader formats the amounts and months.
import { Link } from "react-router";
import { Users } from "lucide-react";
import { useT } from "#app/lib/i18n.tsx";
import { buttonClass } from "#app/ui/button.tsx";
import { DataTable } from "#app/ui/data-table.tsx";
import { Panel } from "#app/ui/panel.tsx";

export type FiguresView = {
  active: number;
  mrr: string[];
  recovered: string[];
  recoveredCharges: number;
  churn: { month: string; label: string; active: number; ended: number; rate: string }[];
  reasons: { reason: string; count: number }[];
};

function Figure({ label, value, hint, testId }: { label: string; value: string; hint?: string; testId: string }) {
  return (
    <div className="flex flex-col gap-1 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="text-2xl font-bold tabular-nums" data-testid={testId}>
        {value}
      </dd>
      {hint && <dd className="text-xs text-muted">{hint}</dd>}
    </div>
  );
}

export function MembershipFigures({ figures: f }: { figures: FiguresView }) {
  const t = useT();
  const none = t("memberships_admin:none");
  return (
    <section aria-labelledby="figures-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="figures-title" className="text-xl font-semibold">
          {t("memberships_admin:figures")}
        </h2>
        <Link to="/home/memberships/members" className={buttonClass("secondary")}>
          <Users aria-hidden className="size-4" />
          {t("memberships_admin:see_members")}
        </Link>
      </div>
      <dl className="grid gap-4 sm:grid-cols-3">
        <Figure label={t("memberships_admin:figure_active")} value={String(f.active)} testId="figure-active" />
        <Figure
          label={t("memberships_admin:figure_mrr")}
          value={f.mrr.join(" · ") || none}
          hint={t("memberships_admin:figure_mrr_hint")}
          testId="figure-mrr"
        />
        <Figure
          label={t("memberships_admin:figure_recovered")}
          value={f.recovered.join(" · ") || none}
          hint={t("memberships_admin:figure_recovered_hint", { count: f.recoveredCharges })}
          testId="figure-recovered"
        />
      </dl>
      <div className="flex flex-col gap-4">
        <Panel title={t("memberships_admin:churn")}>
          <DataTable
            caption={t("memberships_admin:churn")}
            rows={f.churn}
            rowKey={(row) => row.month}
            rowProps={(row) => ({ "data-month": row.month })}
            columns={[
              {
                key: "month",
                header: t("memberships_admin:churn_month"),
                rowHeader: true,
                cell: (r) => (
                  <>
                    {r.label}
                    {/* Narrow screens: the counts under the month instead of two more columns. */}
                    <span className="block text-xs font-normal text-muted sm:hidden">
                      {t("memberships_admin:churn_active")}: {r.active} · {t("memberships_admin:churn_ended")}:{" "}
                      {r.ended}
                    </span>
                  </>
                ),
              },
              {
                key: "active",
                header: t("memberships_admin:churn_active"),
                align: "right",
                className: "hidden tabular-nums sm:table-cell",
                cell: (r) => r.active,
              },
              {
                key: "ended",
                header: t("memberships_admin:churn_ended"),
                align: "right",
                className: "hidden tabular-nums sm:table-cell",
                cell: (r) => r.ended,
              },
              {
                key: "rate",
                header: t("memberships_admin:churn_rate"),
                align: "right",
                className: "tabular-nums",
                cell: (r) => r.rate,
              },
            ]}
          />
        </Panel>
        <Panel title={t("memberships_admin:reasons")}>
          {f.reasons.length === 0 ? (
            <p className="text-sm text-muted">{t("memberships_admin:reasons_empty")}</p>
          ) : (
            <ul className="flex flex-col gap-2">
              {f.reasons.map((row) => (
                <li key={row.reason} className="flex justify-between gap-4 text-sm" data-reason={row.reason}>
                  <span>{t(`memberships:reason_${row.reason}_label`)}</span>
                  <span className="font-semibold tabular-nums">{row.count}</span>
                </li>
              ))}
            </ul>
          )}
        </Panel>
      </div>
    </section>
  );
}

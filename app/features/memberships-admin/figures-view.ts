// The figures as the page shows them: amounts formatted in the page's language, months named, churn as a percent.
import type { MembershipFigures } from "#core/memberships/admin/get-membership-figures.ts";
import { formatMoney } from "#core/shared/money.ts";
import type { Lang } from "#platform/i18n/catalogs.ts";
import type { FiguresView } from "./figures.tsx";

export function figuresView(f: MembershipFigures, lang: Lang): FiguresView {
  const monthName = new Intl.DateTimeFormat(lang, { month: "long", year: "numeric", timeZone: "UTC" });
  const percent = new Intl.NumberFormat(lang, { style: "percent", maximumFractionDigits: 1 });
  return {
    active: f.active_members,
    mrr: f.mrr.map((m) => formatMoney(m.amount_cents, m.currency, lang)),
    recovered: f.recovered.map((m) => formatMoney(m.amount_cents, m.currency, lang)),
    recoveredCharges: f.recovered.reduce((sum, m) => sum + m.charges, 0),
    churn: f.churn.map((c) => ({
      month: c.month,
      label: monthName.format(new Date(`${c.month}-01T00:00:00Z`)),
      active: c.active_at_start,
      ended: c.ended,
      rate: c.rate === null ? "–" : percent.format(c.rate),
    })),
    reasons: f.reasons,
  };
}

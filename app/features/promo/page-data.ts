// Loader helpers of the promo and affiliate pages: the values they show, formatted once on the server in the
// page's language (so the browser's hydration prints exactly the same), and the ?error= key of a failed plain
// form post.
import type { AdminPromoCode } from "#core/promo/list-promo-codes.ts";
import type { AffiliateTotals } from "#core/promo/affiliate-report.ts";
import { formatDate } from "#platform/i18n/format.ts";
import { formatMoney } from "#core/shared/money.ts";
import type { Lang } from "#platform/i18n/index.ts";

/** Only keys the pages' plain forms can produce are shown from ?error=. */
export function promoErrorFromQuery(search: string): string | undefined {
  const key = new URLSearchParams(search).get("error");
  return key && /^(promo|validation|errors):[a-z_]+$/.test(key) ? key : undefined;
}

export type PromoCodeRow = {
  id: number;
  code: string;
  status: AdminPromoCode["status"];
  /** "20%" or "€10.00" */
  discount: string;
  starts: string | null;
  ends: string | null;
  used: number;
  /** null: unlimited */
  limit: number | null;
  /** null: every product */
  scope: string | null;
};

export function promoCodeRow(promo: AdminPromoCode, lang: Lang, currency: string): PromoCodeRow {
  return {
    id: promo.id,
    code: promo.code,
    status: promo.status,
    discount: promo.kind === "percent" ? `${promo.amount}%` : formatMoney(promo.amount, currency, lang),
    starts: promo.starts_at ? formatDate(promo.starts_at, lang) : null,
    ends: promo.ends_at ? formatDate(promo.ends_at, lang) : null,
    used: promo.used_count,
    limit: promo.usage_limit < 0 ? null : promo.usage_limit,
    scope: promo.scope_title,
  };
}

/** "€120.00" or, with sales in several currencies, "€120.00 + 300,00 zł". */
export function moneyTotals(
  totals: AffiliateTotals[],
  pick: "revenue_cents" | "commission_cents",
  lang: Lang,
  currency: string,
): string {
  if (totals.length === 0) return formatMoney(0, currency, lang);
  return totals.map((total) => formatMoney(total[pick], total.currency, lang)).join(" + ");
}

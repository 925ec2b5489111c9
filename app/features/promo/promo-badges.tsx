// Status labels of the promo pages: a promo code's status now (active, scheduled, expired, used up) and an
// affiliate code's active / inactive.
import { clsx } from "clsx";
import type { PromoCodeStatus } from "#core/promo/promo-code-status.ts";
import { useT } from "#app/lib/i18n.tsx";

const tone = {
  green: "bg-emerald-50 text-emerald-800 ring-emerald-600/30",
  gray: "bg-gray-100 text-gray-700 ring-gray-500/30",
  amber: "bg-amber-50 text-amber-900 ring-amber-600/30",
  blue: "bg-brand-50 text-brand-700 ring-brand-600/30",
} as const;

function Badge({ color, children, testId }: { color: keyof typeof tone; children: string; testId: string }) {
  return (
    <span
      data-testid={testId}
      className={clsx(
        "inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset",
        tone[color],
      )}
    >
      {children}
    </span>
  );
}

const statusTone: Record<PromoCodeStatus, keyof typeof tone> = {
  active: "green",
  scheduled: "blue",
  expired: "gray",
  used_up: "amber",
};

export function PromoStatusBadge({ status }: { status: PromoCodeStatus }) {
  const t = useT();
  return (
    <Badge color={statusTone[status]} testId="promo-status">
      {t(`promo:status_${status}`)}
    </Badge>
  );
}

export function AffiliateStatusBadge({ active }: { active: boolean }) {
  const t = useT();
  return (
    <Badge color={active ? "green" : "gray"} testId="affiliate-status">
      {t(active ? "promo:affiliate_active" : "promo:affiliate_inactive")}
    </Badge>
  );
}

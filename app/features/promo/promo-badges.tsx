// Status labels of the promo pages: a promo code's status now (active, scheduled, expired, used up) and an
// affiliate code's active / inactive.
import type { PromoCodeStatus } from "#core/promo/promo-code-status.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Badge, type BadgeTone } from "#app/ui/badge.tsx";

const statusTone: Record<PromoCodeStatus, BadgeTone> = {
  active: "success",
  scheduled: "info",
  expired: "neutral",
  used_up: "warning",
};

export function PromoStatusBadge({ status }: { status: PromoCodeStatus }) {
  const t = useT();
  return (
    <Badge tone={statusTone[status]} data-testid="promo-status">
      {t(`promo:status_${status}`)}
    </Badge>
  );
}

export function AffiliateStatusBadge({ active }: { active: boolean }) {
  const t = useT();
  return (
    <Badge tone={active ? "success" : "neutral"} data-testid="affiliate-status">
      {t(active ? "promo:affiliate_active" : "promo:affiliate_inactive")}
    </Badge>
  );
}

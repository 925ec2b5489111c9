// What the admin's list says about a promo code now, by the same rules the checkout applies
// (redeem-promo-code.ts): ended -> expired; no uses left -> used up; not started -> scheduled; else active.
import type { PromoCode } from "#platform/db/schema.ts";

export const promoCodeStatuses = ["active", "scheduled", "expired", "used_up"] as const;
export type PromoCodeStatus = (typeof promoCodeStatuses)[number];

export function promoCodeStatus(
  promo: Pick<PromoCode, "starts_at" | "ends_at" | "usage_limit" | "used_count">,
  now: string,
): PromoCodeStatus {
  if (promo.ends_at !== null && now >= promo.ends_at) return "expired";
  if (promo.usage_limit >= 0 && promo.used_count >= promo.usage_limit) return "used_up";
  if (promo.starts_at !== null && now < promo.starts_at) return "scheduled";
  return "active";
}

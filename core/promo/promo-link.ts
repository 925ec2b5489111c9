// A shared promo link (any page with ?promo=CODE) remembers the code in a cookie the checkout page's script
// reads to fill in the promo code field, and the payment status page clears after a success (spec §4 "promo
// cookies cleared"). Not HttpOnly for that reason: it holds only a public discount code.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { promoCodeKey } from "./redeem-promo-code.ts";
import { CODE_MAX, CODE_PATTERN } from "./schemas.ts";

export const PROMO_COOKIE = "studium_promo";
export const PROMO_COOKIE_DAYS = 30;

/** The code as the admin typed it, when it exists and has not ended; null for anything else. */
export async function findPromoCodeForLink(db: Db, code: string | undefined): Promise<string | null> {
  if (!code || code.length > CODE_MAX || !CODE_PATTERN.test(code)) return null;
  const row = await db
    .selectFrom("promo_codes")
    .select(["code", "ends_at"])
    .where("code_key", "=", promoCodeKey(code))
    .executeTakeFirst();
  if (!row || (row.ends_at !== null && row.ends_at <= nowIso())) return null;
  return row.code;
}

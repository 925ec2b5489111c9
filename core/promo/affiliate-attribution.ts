// Affiliate codes (the selling issue, item 3): a link with ?ref=CODE sets a cookie for the code's cookie life; a
// checkout made while the cookie lives is attributed to the code, and the commission is recorded when the
// transaction succeeds (core/selling/complete-transaction.ts).
import type { Db } from "#platform/db/connection.ts";
import { promoCodeKey } from "./redeem-promo-code.ts";

export const AFFILIATE_COOKIE = "studium_ref";

export async function findActiveAffiliateCode(
  db: Db,
  code: string | undefined,
): Promise<{ id: number; code: string; cookie_days: number } | null> {
  if (!code || code.length > 64) return null;
  const row = await db
    .selectFrom("affiliate_codes")
    .select(["id", "code", "cookie_days"])
    .where("code_key", "=", promoCodeKey(code))
    .where("active", "=", 1)
    .executeTakeFirst();
  return row ?? null;
}

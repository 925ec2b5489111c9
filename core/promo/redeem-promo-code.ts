// Promo codes at checkout (spec §5, §8): a code is valid for the cart when it exists, applies to the product
// (or to every product), has started and not ended, and has uses left; errors 'Invalid coupon code', 'Coupon code
// expired', 'Promo code already used'. A use is reserved atomically inside the checkout's transaction (a
// conditional increment, so a limit is never exceeded under concurrency) and released when the payment fails.
import { AppError } from "#core/errors.ts";
import type { Db } from "#platform/db/connection.ts";
import type { PromoCode } from "#platform/db/schema.ts";
import { sql } from "kysely";

export function promoCodeKey(code: string): string {
  return code.trim().toUpperCase();
}

function promoError(messageKey: string): AppError {
  return new AppError("validation", { messageKey, fields: { promo_code: [{ key: messageKey }] } });
}

/** Statuses in which a transaction holds a code's use. */
const holdingStatuses = ["NEW", "PENDING", "PERFORMED", "CLEARED", "ACCESS_GRANTED"] as const;

/** The code as it applies to this product for this buyer now; throws the spec's message otherwise. */
export async function checkPromoCode(
  db: Db,
  options: { code: string; productId: number; userId: number | null; now?: string },
): Promise<PromoCode> {
  const now = options.now ?? new Date().toISOString();
  const key = promoCodeKey(options.code);
  if (!key) throw promoError("checkout:promo_invalid");
  const promo = await db.selectFrom("promo_codes").selectAll().where("code_key", "=", key).executeTakeFirst();
  if (!promo || (promo.product_id !== null && promo.product_id !== options.productId))
    throw promoError("checkout:promo_invalid");
  if (promo.starts_at !== null && now < promo.starts_at) throw promoError("checkout:promo_invalid");
  if (promo.ends_at !== null && now >= promo.ends_at) throw promoError("checkout:promo_expired");
  if (promo.usage_limit >= 0 && promo.used_count >= promo.usage_limit) throw promoError("checkout:promo_used");
  if (options.userId !== null) {
    const used = await db
      .selectFrom("transactions")
      .select("id")
      .where("promo_code_id", "=", promo.id)
      .where("user_id", "=", options.userId)
      .where("status", "in", holdingStatuses)
      .executeTakeFirst();
    if (used) throw promoError("checkout:promo_used");
  }
  return promo;
}

/** Takes one use of the code; false when its limit was reached meanwhile. Call inside the checkout transaction. */
export async function reservePromoCodeUse(db: Db, promoCodeId: number): Promise<boolean> {
  const result = await db
    .updateTable("promo_codes")
    .set({ used_count: sql`used_count + 1` })
    .where("id", "=", promoCodeId)
    .where((eb) => eb.or([eb("usage_limit", "<", 0), eb("used_count", "<", eb.ref("usage_limit"))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function releasePromoCodeUse(db: Db, promoCodeId: number): Promise<void> {
  await db
    .updateTable("promo_codes")
    .set({ used_count: sql`used_count - 1` })
    .where("id", "=", promoCodeId)
    .where("used_count", ">", 0)
    .execute();
}

export function promoCodeError(): AppError {
  return promoError("checkout:promo_used");
}

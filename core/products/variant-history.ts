// A product's price variants (up to three, §9) and their price history. Every variant's price, promo price and
// promo dates are kept in variant_price_changes whenever they change, and once when the variant is made, so that
// a promotion can show the lowest price of the 30 days before it began (EU Omnibus; core/selling/offers.ts reads
// the history). Variants are saved as a whole list: kept ones by id (their history continues), new ones
// added, missing ones removed (their history with them), positions following the list's order.
import type { Db } from "#platform/db/connection.ts";
import { type CoursePrices, pricesChanged } from "../catalog/course-price-history.ts";
import { fieldError } from "../errors.ts";
import type { VariantFields } from "./schemas.ts";

export async function recordVariantPriceChange(
  db: Db,
  variantId: number,
  prices: CoursePrices,
  at: string,
): Promise<void> {
  await db
    .insertInto("variant_price_changes")
    .values({
      variant_id: variantId,
      price_cents: prices.price_cents,
      promo_price_cents: prices.promo_price_cents,
      promo_starts_at: prices.promo_starts_at,
      promo_ends_at: prices.promo_ends_at,
      changed_at: at,
    })
    .execute();
}

/**
 * Saves `variants` as the product's variants from position `firstPosition` on (1, or 2 for a course product whose
 * first variant is the course's own price). An id that is not one of those variants is a 422 on its field.
 * Run inside the transaction of the product's change.
 */
export async function saveVariants(
  db: Db,
  options: { productId: number; variants: VariantFields[]; firstPosition: number; now: string },
): Promise<void> {
  const { productId, variants, firstPosition, now } = options;
  const existing = await db
    .selectFrom("product_variants")
    .selectAll()
    .where("product_id", "=", productId)
    .where("position", ">=", firstPosition)
    .execute();
  const byId = new Map(existing.map((variant) => [variant.id, variant]));
  variants.forEach((variant, index) => {
    if (variant.id != null && !byId.has(variant.id)) throw fieldError(`variants.${index}.id`, "validation:invalid");
  });
  const kept = new Set(variants.map((variant) => variant.id).filter((id): id is number => id != null));
  for (const variant of existing) {
    if (!kept.has(variant.id)) await db.deleteFrom("product_variants").where("id", "=", variant.id).execute();
  }
  // Out of the way first: (product_id, position) is unique, and the list may have been reordered.
  for (const id of kept) await db.updateTable("product_variants").set({ position: -id }).where("id", "=", id).execute();

  for (const [index, variant] of variants.entries()) {
    const fields = {
      position: firstPosition + index,
      name: variant.name,
      price_cents: variant.price_cents,
      promo_price_cents: variant.promo_price_cents,
      promo_starts_at: variant.promo_starts_at,
      promo_ends_at: variant.promo_ends_at,
    };
    const before = variant.id != null ? byId.get(variant.id) : undefined;
    if (before) {
      await db
        .updateTable("product_variants")
        .set({ ...fields, updated_at: now })
        .where("id", "=", before.id)
        .execute();
      if (pricesChanged(before, fields)) await recordVariantPriceChange(db, before.id, fields, now);
    } else {
      const row = await db
        .insertInto("product_variants")
        .values({ product_id: productId, ...fields, created_at: now, updated_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      await recordVariantPriceChange(db, row.id, fields, now);
    }
  }
}

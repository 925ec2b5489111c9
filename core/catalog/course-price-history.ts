// Every change of a course's price or promotion is kept (course_price_changes), so that the sales page can
// show the lowest price of the last 30 days next to a promo price (EU Omnibus rule). A row is written when a
// course is created and whenever one of the price fields changes; other edits write nothing.
import type { Db } from "#platform/db/connection.ts";

export type CoursePrices = {
  price_cents: number;
  promo_price_cents: number | null;
  promo_starts_at: string | null;
  promo_ends_at: string | null;
};

const priceFields = ["price_cents", "promo_price_cents", "promo_starts_at", "promo_ends_at"] as const;

export function pricesChanged(before: CoursePrices, after: CoursePrices): boolean {
  return priceFields.some((field) => before[field] !== after[field]);
}

export async function recordPriceChange(db: Db, courseId: number, prices: CoursePrices, at: string): Promise<void> {
  await db
    .insertInto("course_price_changes")
    .values({
      course_id: courseId,
      price_cents: prices.price_cents,
      promo_price_cents: prices.promo_price_cents,
      promo_starts_at: prices.promo_starts_at,
      promo_ends_at: prices.promo_ends_at,
      changed_at: at,
    })
    .execute();
}

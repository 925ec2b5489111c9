// What a course costs right now: the regular price, and the promo price while its promotion runs
// (promo_starts_at <= now < promo_ends_at; an open start or end means no limit on that side). A "promo" that is
// not lower than the regular price is no promotion and is not shown. Pure: the sales page, the catalog cards and
// the rendered-page cache (which must expire when a promotion starts or ends) share it.

export type CoursePriceFields = {
  price_cents: number;
  promo_price_cents: number | null;
  promo_starts_at: string | null;
  promo_ends_at: string | null;
};

/** True when the promo price applies at `at` (ISO-8601 UTC text). */
export function isPromoActive(course: CoursePriceFields, at: string): boolean {
  if (course.promo_price_cents === null || course.promo_price_cents < 0) return false;
  if (course.promo_price_cents >= course.price_cents) return false;
  if (course.promo_starts_at !== null && at < course.promo_starts_at) return false;
  if (course.promo_ends_at !== null && at >= course.promo_ends_at) return false;
  return true;
}

/** The price that applies at `at`. */
export function priceAt(course: CoursePriceFields, at: string): number {
  return isPromoActive(course, at) ? course.promo_price_cents! : course.price_cents;
}

/** The next moment after `at` when the applying price changes by itself (a promotion starts or ends), or null. */
export function nextPriceChangeAt(course: CoursePriceFields, at: string): string | null {
  if (course.promo_price_cents === null) return null;
  const moments = [course.promo_starts_at, course.promo_ends_at].filter((m): m is string => m !== null && m > at);
  return moments.sort()[0] ?? null;
}

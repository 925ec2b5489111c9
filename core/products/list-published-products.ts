// The public list /products: published products other than courses (those are in /courses), newest first, each
// with its cover and the lowest price one of its variants costs now (the promo price while its promotion runs and
// promotional packages are left, with that variant's regular one), and the moment a shown price changes by itself.
import type { Db } from "#platform/db/connection.ts";
import type { ProductKind } from "#platform/db/schema.ts";
import { isPromoActive, nextPriceChangeAt } from "../catalog/course-price.ts";

export type PublishedProduct = {
  id: number;
  kind: ProductKind;
  slug: string;
  title: string;
  description: string;
  cover_image: string | null;
  currency: string;
  price_cents: number;
  regular_cents: number;
  variant_count: number;
};

export async function listPublishedProducts(
  db: Db,
  now = new Date().toISOString(),
): Promise<{ products: PublishedProduct[]; price_changes_at: string | null }> {
  const products = await db
    .selectFrom("products")
    .select(["id", "kind", "slug", "title", "description", "cover_image", "currency", "promo_limit", "promo_sold"])
    .where("status", "=", "published")
    .where("kind", "!=", "course")
    .orderBy("published_at", "desc")
    .orderBy("id", "desc")
    .execute();
  const variants = products.length
    ? await db
        .selectFrom("product_variants")
        .selectAll()
        .where(
          "product_id",
          "in",
          products.map((p) => p.id),
        )
        .orderBy("position")
        .execute()
    : [];
  const moments: string[] = [];
  const listed: PublishedProduct[] = [];
  for (const product of products) {
    const own = variants.filter((v) => v.product_id === product.id);
    if (own.length === 0) continue;
    const packagesLeft = product.promo_limit < 0 || product.promo_sold < product.promo_limit;
    const priced = own.map((variant) => {
      const change = nextPriceChangeAt(variant, now);
      if (change) moments.push(change);
      const promo = packagesLeft && isPromoActive(variant, now);
      return { now: promo ? variant.promo_price_cents! : variant.price_cents, regular: variant.price_cents };
    });
    const cheapest = priced.reduce((low, variant) => (variant.now < low.now ? variant : low));
    listed.push({
      id: product.id,
      kind: product.kind,
      slug: product.slug ?? "",
      title: product.title,
      description: product.description,
      cover_image: product.cover_image,
      currency: product.currency,
      price_cents: cheapest.now,
      regular_cents: cheapest.regular,
      variant_count: own.length,
    });
  }
  return { products: listed, price_changes_at: moments.sort()[0] ?? null };
}

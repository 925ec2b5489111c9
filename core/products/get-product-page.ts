// The product page /products/{slug}: the offer as it applies now (core/selling/offers.ts: each variant's price,
// the promo price while its promotion runs and promotional packages are left, and then the lowest price of the 30
// days before it, EU Omnibus), and what the kind adds: a bundle's courses, a file's name and size, a live event's
// date (its link is for buyers only, /my/products). Published products only; admins also see the others.
import type { Db } from "#platform/db/connection.ts";
import { nextPriceChangeAt } from "../catalog/course-price.ts";
import { loadOffer, type Offer } from "../selling/offers.ts";
import { storedFileSize } from "./product-records.ts";

export type ProductPage = {
  offer: Offer;
  bundle_courses: { id: number; title: string; slug: string; published: boolean }[];
  file: { name: string; size: number } | null;
  event_starts_at: string | null;
  /** when a price shown changes by itself (a promotion starts or ends): a cached page must expire then */
  price_changes_at: string | null;
};

export async function getProductPage(
  db: Db,
  options: { slug: string; includeUnpublished: boolean; now?: string },
): Promise<ProductPage | null> {
  const now = options.now ?? new Date().toISOString();
  const offer = await loadOffer(
    db,
    { productSlug: options.slug },
    { includeUnpublished: options.includeUnpublished, now },
  );
  if (!offer) return null;
  const { product } = offer;
  const [courses, variants] = await Promise.all([
    product.kind === "bundle"
      ? db
          .selectFrom("bundle_courses as b")
          .innerJoin("courses as c", "c.id", "b.course_id")
          .select(["c.id", "c.title", "c.slug", "c.status"])
          .where("b.product_id", "=", product.id)
          .orderBy("b.position")
          .execute()
      : Promise.resolve([]),
    db
      .selectFrom("product_variants")
      .select(["price_cents", "promo_price_cents", "promo_starts_at", "promo_ends_at"])
      .where("product_id", "=", product.id)
      .execute(),
  ]);
  const changes = variants.map((variant) => nextPriceChangeAt(variant, now)).filter((m): m is string => m !== null);
  return {
    offer,
    bundle_courses: courses.map((c) => ({
      id: c.id,
      title: c.title,
      slug: c.slug,
      published: c.status === "published",
    })),
    file:
      product.kind === "file" && product.file_key && product.file_name
        ? { name: product.file_name, size: await storedFileSize(db, product.file_key) }
        : null,
    event_starts_at: product.kind === "live_event" ? product.event_starts_at : null,
    price_changes_at: changes.sort()[0] ?? null,
  };
}

// What a checkout offers: the product and its price variants as they apply now, each with its current price,
// the regular price, and while a promotion runs the lowest price of the 30 days before it (EU Omnibus). A
// promotion also ends when its promotional packages are sold out (products.promo_limit, -1 unlimited).
import { isPromoActive } from "#core/catalog/course-price.ts";
import { currentPromoStart, lowestPriceIn30Days, type PriceSnapshot } from "#core/catalog/lowest-price-30-days.ts";
import type { Db } from "#platform/db/connection.ts";
import type { Product, ProductVariant } from "#platform/db/schema.ts";
import { ensureCourseProduct } from "./course-product.ts";

export type VariantOffer = {
  id: number;
  position: number;
  name: string;
  /** the price a buyer pays now for one unit */
  price_cents: number;
  regular_cents: number;
  promo_active: boolean;
  promo_ends_at: string | null;
  /** with an active promotion: the lowest price of the 30 days before it began */
  lowest_30_days_cents: number | null;
};

export type Offer = {
  product: Product;
  /** set for course products */
  course: { id: number; slug: string; title: string; access_days: number | null; access_ends_at: string | null } | null;
  variants: VariantOffer[];
  /** promotional packages left; null when unlimited */
  promo_packages_left: number | null;
};

export type OfferRef = { courseSlug: string } | { productSlug: string };

export function promoPackagesLeft(product: Pick<Product, "promo_limit" | "promo_sold">): number | null {
  return product.promo_limit < 0 ? null : Math.max(0, product.promo_limit - product.promo_sold);
}

async function historyOf(db: Db, product: Product, variant: ProductVariant): Promise<PriceSnapshot[]> {
  const columns = ["price_cents", "promo_price_cents", "promo_starts_at", "promo_ends_at", "changed_at"] as const;
  if (product.kind === "course" && variant.position === 1) {
    return db
      .selectFrom("course_price_changes")
      .select(columns)
      .where("course_id", "=", product.course_id!)
      .orderBy("changed_at")
      .orderBy("id")
      .execute();
  }
  return db
    .selectFrom("variant_price_changes")
    .select(columns)
    .where("variant_id", "=", variant.id)
    .orderBy("changed_at")
    .orderBy("id")
    .execute();
}

async function variantOffer(
  db: Db,
  product: Product,
  variant: ProductVariant,
  now: string,
  packagesLeft: number | null,
): Promise<VariantOffer> {
  const promoActive = isPromoActive(variant, now) && packagesLeft !== 0;
  let lowest: number | null = null;
  if (promoActive) {
    const history = await historyOf(db, product, variant);
    lowest = lowestPriceIn30Days(history, currentPromoStart(variant, history, now), variant.price_cents);
  }
  return {
    id: variant.id,
    position: variant.position,
    name: variant.name,
    price_cents: promoActive ? variant.promo_price_cents! : variant.price_cents,
    regular_cents: variant.price_cents,
    promo_active: promoActive,
    promo_ends_at: promoActive ? variant.promo_ends_at : null,
    lowest_30_days_cents: lowest,
  };
}

/** The offer of a published product (admins may also see drafts: `includeUnpublished`); null when there is none. */
export async function loadOffer(
  db: Db,
  ref: OfferRef,
  options: { includeUnpublished?: boolean; now?: string } = {},
): Promise<Offer | null> {
  const now = options.now ?? new Date().toISOString();
  let course: Offer["course"] = null;
  let productId: number | null;
  if ("courseSlug" in ref) {
    const row = await db
      .selectFrom("courses")
      .select(["id", "slug", "title", "status", "access_days", "access_ends_at"])
      .where("slug", "=", ref.courseSlug)
      .executeTakeFirst();
    if (!row) return null;
    course = {
      id: row.id,
      slug: row.slug,
      title: row.title,
      access_days: row.access_days,
      access_ends_at: row.access_ends_at,
    };
    productId = await ensureCourseProduct(db, row.id);
  } else {
    const row = await db
      .selectFrom("products")
      .select("id")
      .where("slug", "=", ref.productSlug)
      .where("kind", "!=", "course")
      .executeTakeFirst();
    productId = row?.id ?? null;
  }
  if (productId === null) return null;
  const product = await db.selectFrom("products").selectAll().where("id", "=", productId).executeTakeFirstOrThrow();
  if (product.status !== "published" && !options.includeUnpublished) return null;
  const variants = await db
    .selectFrom("product_variants")
    .selectAll()
    .where("product_id", "=", product.id)
    .orderBy("position")
    .execute();
  const left = promoPackagesLeft(product);
  return {
    product,
    course,
    variants: await Promise.all(variants.map((v) => variantOffer(db, product, v, now, left))),
    promo_packages_left: left,
  };
}

/** Where a product's pages are: a course's own address, or /products/{slug}. */
export function productPath(product: Pick<Product, "kind" | "slug">, courseSlug: string | null): string {
  return product.kind === "course" ? `/${courseSlug}` : `/products/${product.slug}`;
}

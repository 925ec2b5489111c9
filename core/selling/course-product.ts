// A course is sold through a product row of kind 'course' (the checkout, transactions and promo codes speak of
// products only). The course editor stays the one place for the course's main price: its first price variant
// mirrors the course's price fields and its price history is the course's own (course_price_changes). Variants
// 2 and 3 and the promotional packages limit are edited on the product. The row is made on first need.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";

/** The product id that sells the course, creating it or refreshing its mirrored fields; null without the course. */
export async function ensureCourseProduct(db: Db, courseId: number): Promise<number | null> {
  const course = await db
    .selectFrom("courses")
    .select(["id", "title", "description", "status", "currency", "vat_rate", "cover_image", "price_cents", "promo_price_cents", "promo_starts_at", "promo_ends_at", "published_at"])
    .where("id", "=", courseId)
    .executeTakeFirst();
  if (!course) return null;
  const now = nowIso();
  const mirrored = {
    title: course.title,
    description: course.description,
    status: course.status,
    currency: course.currency,
    vat_rate: course.vat_rate,
    cover_image: course.cover_image,
    published_at: course.published_at,
  };
  const product = await db
    .insertInto("products")
    .values({ kind: "course", course_id: course.id, slug: null, created_at: now, updated_at: now, ...mirrored })
    .onConflict((oc) => oc.column("course_id").doUpdateSet(mirrored))
    .returning("id")
    .executeTakeFirstOrThrow();
  const prices = {
    price_cents: course.price_cents,
    promo_price_cents: course.promo_price_cents,
    promo_starts_at: course.promo_starts_at,
    promo_ends_at: course.promo_ends_at,
  };
  await db
    .insertInto("product_variants")
    .values({ product_id: product.id, position: 1, name: "", created_at: now, updated_at: now, ...prices })
    .onConflict((oc) => oc.columns(["product_id", "position"]).doUpdateSet(prices))
    .execute();
  return product.id;
}

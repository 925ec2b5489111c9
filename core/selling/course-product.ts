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
    .select([
      "id",
      "title",
      "description",
      "status",
      "currency",
      "vat_rate",
      "cover_image",
      "price_cents",
      "promo_price_cents",
      "promo_starts_at",
      "promo_ends_at",
      "published_at",
    ])
    .where("id", "=", courseId)
    .executeTakeFirst();
  if (!course) return null;
  const mirrored = {
    title: course.title,
    description: course.description,
    status: course.status,
    currency: course.currency,
    vat_rate: course.vat_rate,
    cover_image: course.cover_image,
    published_at: course.published_at,
  };
  const prices = {
    price_cents: course.price_cents,
    promo_price_cents: course.promo_price_cents,
    promo_starts_at: course.promo_starts_at,
    promo_ends_at: course.promo_ends_at,
  };
  // Pages call this on every view: when the mirror is already true, it is one read and no write.
  const current = await db
    .selectFrom("products as p")
    .innerJoin("product_variants as v", (join) => join.onRef("v.product_id", "=", "p.id").on("v.position", "=", 1))
    .select([
      "p.id",
      "p.title",
      "p.description",
      "p.status",
      "p.currency",
      "p.vat_rate",
      "p.cover_image",
      "p.published_at",
      "v.price_cents",
      "v.promo_price_cents",
      "v.promo_starts_at",
      "v.promo_ends_at",
    ])
    .where("p.course_id", "=", courseId)
    .executeTakeFirst();
  const expected: Record<string, unknown> = { ...mirrored, ...prices };
  if (current && Object.keys(expected).every((key) => current[key as keyof typeof current] === expected[key]))
    return current.id;
  const now = nowIso();
  const product = await db
    .insertInto("products")
    .values({ kind: "course", course_id: course.id, slug: null, created_at: now, updated_at: now, ...mirrored })
    .onConflict((oc) => oc.column("course_id").doUpdateSet(mirrored))
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("product_variants")
    .values({ product_id: product.id, position: 1, name: "", created_at: now, updated_at: now, ...prices })
    .onConflict((oc) => oc.columns(["product_id", "position"]).doUpdateSet(prices))
    .execute();
  return product.id;
}

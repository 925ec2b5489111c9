// GET /home/products: every product for the admin, course products too (each course gets its product row first,
// core/selling/course-product.ts), filtered by kind and status: the first variant's price (and promo price while
// its promotion runs), how many variants, units sold, and the promotional packages sold of the limit.
import type { Db } from "#platform/db/connection.ts";
import type { ProductKind, ProductStatus } from "#platform/db/schema.ts";
import { isPromoActive } from "../catalog/course-price.ts";
import { ensureCourseProduct } from "../selling/course-product.ts";
import { SOLD_STATUSES } from "./product-records.ts";
import { type ProductFilter, productFilterSchema } from "./schemas.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { canManageProducts } from "./policies.ts";

export type ProductSummary = {
  id: number;
  kind: ProductKind;
  title: string;
  /** where its page is: /products/{slug}, or the course's /{slug} */
  path: string;
  status: ProductStatus;
  currency: string;
  price_cents: number | null;
  /** set while the first variant's promotion runs (and packages are left) */
  promo_cents: number | null;
  variant_count: number;
  sold: number;
  promo_limit: number;
  promo_sold: number;
  course_id: number | null;
  updated_at: string;
};

export async function listProducts(
  db: Db,
  actor: Actor,
  filterInput: unknown = {},
  now = new Date().toISOString(),
): Promise<ProductSummary[]> {
  authorize(actor, canManageProducts(actor));
  const filter: ProductFilter = productFilterSchema.parse(filterInput ?? {});
  const courses = await db.selectFrom("courses").select("id").orderBy("id").execute();
  for (const course of courses) await ensureCourseProduct(db, course.id);

  let query = db
    .selectFrom("products as p")
    .leftJoin("courses as c", "c.id", "p.course_id")
    .leftJoin("product_variants as v", (join) => join.onRef("v.product_id", "=", "p.id").on("v.position", "=", 1))
    .select((eb) => [
      "p.id",
      "p.kind",
      "p.title",
      "p.slug",
      "c.slug as course_slug",
      "p.status",
      "p.currency",
      "p.promo_limit",
      "p.promo_sold",
      "p.course_id",
      "p.updated_at",
      "v.price_cents",
      "v.promo_price_cents",
      "v.promo_starts_at",
      "v.promo_ends_at",
      eb
        .selectFrom("product_variants as pv")
        .select((e) => e.fn.countAll<number>().as("n"))
        .whereRef("pv.product_id", "=", "p.id")
        .as("variant_count"),
      eb
        .selectFrom("transactions as t")
        .select((e) => e.fn.sum<number>("t.quantity").as("n"))
        .whereRef("t.product_id", "=", "p.id")
        .where("t.status", "in", SOLD_STATUSES)
        .as("sold"),
    ]);
  if (filter.kind) query = query.where("p.kind", "=", filter.kind);
  if (filter.status) query = query.where("p.status", "=", filter.status);
  const rows = await query.orderBy("p.created_at", "desc").orderBy("p.id", "desc").execute();

  return rows.map((row) => {
    const soldOut = row.promo_limit >= 0 && row.promo_sold >= row.promo_limit;
    const prices =
      row.price_cents === null
        ? null
        : {
            price_cents: row.price_cents,
            promo_price_cents: row.promo_price_cents,
            promo_starts_at: row.promo_starts_at,
            promo_ends_at: row.promo_ends_at,
          };
    return {
      id: row.id,
      kind: row.kind,
      title: row.title,
      path: row.kind === "course" ? `/${row.course_slug}` : `/products/${row.slug}`,
      status: row.status,
      currency: row.currency,
      price_cents: prices?.price_cents ?? null,
      promo_cents: prices && !soldOut && isPromoActive(prices, now) ? prices.promo_price_cents : null,
      variant_count: Number(row.variant_count ?? 0),
      sold: Number(row.sold ?? 0),
      promo_limit: row.promo_limit,
      promo_sold: row.promo_sold,
      course_id: row.course_id,
      updated_at: row.updated_at,
    };
  });
}

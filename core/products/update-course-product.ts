// The product part of a course (its product row of kind 'course'): price variants 2 and 3 and the promotional
// packages limit. Variant 1 is the course's own price, edited in the course editor and mirrored here by
// core/selling/course-product.ts; the title, status and the rest follow the course. Runs inside updateProduct's
// transaction, which moves the catalog's cache version (the course's sales page shows the promo only while
// promotional packages are left).
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import type { Product } from "#platform/db/schema.ts";
import { parseInput } from "../validation.ts";
import { type AdminProduct, getProductForEditing } from "./product-records.ts";
import { courseProductSchema } from "./schemas.ts";
import { saveVariants } from "./variant-history.ts";

export async function updateCourseProduct(
  db: Db,
  product: Product,
  body: Record<string, unknown>,
): Promise<AdminProduct> {
  const current = await getProductForEditing(db, product.id);
  const data = parseInput(courseProductSchema, {
    promo_limit: current.promo_limit,
    variants: current.variants.filter((v) => v.position > 1).map(({ position: _position, ...variant }) => variant),
    ...body,
  });
  const now = nowIso();
  await db
    .updateTable("products")
    .set({ promo_limit: data.promo_limit, updated_at: now })
    .where("id", "=", product.id)
    .execute();
  await saveVariants(db, { productId: product.id, variants: data.variants, firstPosition: 2, now });
  return getProductForEditing(db, product.id);
}

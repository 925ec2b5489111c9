// Who has a product other than a course: a product_access row (from a purchase, core/selling/grant-purchase.ts)
// that is not revoked, has started and has not ended. Courses use course_access instead
// (core/learning/course-access.ts). Admins may open any product in /my/products (list-my-products.ts) but own only
// what they bought: the product page offers them 'buy' like anyone else.
import type { Db } from "#platform/db/connection.ts";
import type { User } from "#platform/db/schema.ts";
import { membershipOpensProduct } from "#core/memberships/membership-access.ts";

export type ProductViewer = Pick<User, "id" | "role"> | null;

/** The product ids (of `productIds`, or all) the user may use now. */
export function activeAccess(db: Db, userId: number, now: string) {
  return db
    .selectFrom("product_access as a")
    .where("a.user_id", "=", userId)
    .where("a.revoked_at", "is", null)
    .where("a.starts_at", "<=", now)
    .where((eb) => eb.or([eb("a.ends_at", "is", null), eb("a.ends_at", ">", now)]));
}

export async function hasProductAccess(
  db: Db,
  viewer: ProductViewer,
  productId: number,
  now = new Date().toISOString(),
): Promise<boolean> {
  if (!viewer) return false;
  const row = await activeAccess(db, viewer.id, now)
    .select("a.id")
    .where("a.product_id", "=", productId)
    .executeTakeFirst();
  return Boolean(row) || membershipOpensProduct(db, viewer.id, productId, now);
}

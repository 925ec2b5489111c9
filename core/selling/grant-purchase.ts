// What a successful transaction gives the buyer (the selling issue, item 6): a course (its access length or end
// date respected), every course of a bundle, or the product itself (a file to download, a consultation or live
// event in the student's products). A team purchase (a course bought with quantity above 1) gives seats to hand
// out with invitations from the course access manager instead: the buyer takes one by inviting themselves.
import { grantCourseAccess } from "#core/learning/course-access.ts";
import { applyTagRules } from "#core/students/tag-rules.ts";
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import type { Product, Transaction } from "#platform/db/schema.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** When access bought now ends: a fixed end date wins over a length in days; null is for ever. */
export function accessEndsAt(
  limits: { access_days: number | null; access_ends_at: string | null },
  from = Date.now(),
): string | null {
  if (limits.access_ends_at) return limits.access_ends_at;
  if (limits.access_days && limits.access_days > 0) return new Date(from + limits.access_days * DAY_MS).toISOString();
  return null;
}

async function courseLimits(db: Db, courseId: number) {
  return db
    .selectFrom("courses")
    .select(["access_days", "access_ends_at"])
    .where("id", "=", courseId)
    .executeTakeFirstOrThrow();
}

export async function grantProductAccess(
  db: Db,
  options: { userId: number; product: Product; transactionId: number | null },
): Promise<void> {
  const now = nowIso();
  const values = {
    starts_at: now,
    ends_at: accessEndsAt(options.product),
    revoked_at: null,
    transaction_id: options.transactionId,
  };
  await db
    .insertInto("product_access")
    .values({ user_id: options.userId, product_id: options.product.id, created_at: now, ...values })
    .onConflict((oc) => oc.columns(["user_id", "product_id"]).doUpdateSet(values))
    .execute();
}

/** Grants what the transaction bought to its buyer. Runs inside the transaction that marks it paid. */
export async function grantPurchase(db: Db, transaction: Transaction, product: Product): Promise<void> {
  const buyer = transaction.user_id;
  // The tag rules of "bought this product" (issue 18, item 3), in the same transaction as the access.
  await applyTagRules(db, buyer, "purchase", product.id);
  if (product.kind === "course") {
    if (transaction.quantity > 1) return;
    const limits = await courseLimits(db, product.course_id!);
    await grantCourseAccess(db, {
      userId: buyer,
      courseId: product.course_id!,
      endsAt: accessEndsAt(limits),
      source: "purchase",
      grantedBy: null,
    });
    return;
  }
  if (product.kind === "bundle") {
    const courses = await db
      .selectFrom("bundle_courses")
      .select("course_id")
      .where("product_id", "=", product.id)
      .execute();
    for (const { course_id } of courses) {
      // The bundle's own access limits apply to the courses it sells.
      await grantCourseAccess(db, {
        userId: buyer,
        courseId: course_id,
        endsAt: accessEndsAt(product),
        source: "purchase",
        grantedBy: null,
      });
    }
  }
  await grantProductAccess(db, { userId: buyer, product, transactionId: transaction.id });
}

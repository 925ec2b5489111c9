// Takes back what a transaction gave (an admin's denial, or a refund with "revoke access"): the buyer's course
// (a single seat) or the courses of a bundle, the product access of other kinds, and for a team purchase the
// seats taken through its invitations. Only access that came from a purchase or an invitation is revoked: a
// course the admin granted by hand, or bought again separately, stays.
import { revokeCourseAccess } from "#core/learning/course-access.ts";
import { type Db, nowIso } from "#platform/db/connection.ts";
import type { CourseAccessSource, Product, Transaction } from "#platform/db/schema.ts";

async function revokeIfFrom(
  db: Db,
  options: { userId: number; courseId: number; source: CourseAccessSource; reason: string },
) {
  const row = await db
    .selectFrom("course_access")
    .select("source")
    .where("user_id", "=", options.userId)
    .where("course_id", "=", options.courseId)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  if (row?.source === options.source)
    await revokeCourseAccess(db, { userId: options.userId, courseId: options.courseId, reason: options.reason });
}

export async function revokePurchaseAccess(
  db: Db,
  transaction: Pick<Transaction, "id" | "user_id" | "quantity">,
  product: Pick<Product, "id" | "kind" | "course_id">,
  reason: string,
): Promise<void> {
  const note = reason.slice(0, 500);
  if (product.kind === "course" && product.course_id !== null) {
    if (transaction.quantity > 1) {
      const seats = await db
        .selectFrom("invitations")
        .select("user_id")
        .where("parent_transaction_id", "=", transaction.id)
        .where("status", "=", "accepted")
        .execute();
      for (const { user_id } of seats) {
        if (user_id !== null)
          await revokeIfFrom(db, { userId: user_id, courseId: product.course_id, source: "invitation", reason: note });
      }
      return;
    }
    await revokeIfFrom(db, {
      userId: transaction.user_id,
      courseId: product.course_id,
      source: "purchase",
      reason: note,
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
      await revokeIfFrom(db, { userId: transaction.user_id, courseId: course_id, source: "purchase", reason: note });
    }
  }
  await db
    .updateTable("product_access")
    .set({ revoked_at: nowIso() })
    .where("user_id", "=", transaction.user_id)
    .where("product_id", "=", product.id)
    .where("revoked_at", "is", null)
    .execute();
}

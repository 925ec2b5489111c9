// A bundle's courses, in the order the admin chose (bundle_courses.position). Saved as a whole list.
import type { Db } from "#platform/db/connection.ts";

export async function saveBundleCourses(db: Db, productId: number, courseIds: number[]): Promise<void> {
  await db.deleteFrom("bundle_courses").where("product_id", "=", productId).execute();
  if (courseIds.length === 0) return;
  await db
    .insertInto("bundle_courses")
    .values(courseIds.map((courseId, position) => ({ product_id: productId, course_id: courseId, position })))
    .execute();
}

// The student's exams sold alone, for /my (issue 17, item 2): the exams of products they hold now.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { activeAccess } from "#core/products/product-access.ts";
import { type Actor, isSignedIn } from "../shared/actor.ts";
import type { ExamLink } from "./find-course-exam.ts";

export async function listMyExams(db: Db, actor: Actor, now = nowIso()): Promise<ExamLink[]> {
  if (!isSignedIn(actor)) return [];
  const products = await activeAccess(db, actor.userId, now).select("a.product_id").execute();
  if (products.length === 0) return [];
  return db
    .selectFrom("exams")
    .select(["id", "title"])
    .where(
      "product_id",
      "in",
      products.map((row) => row.product_id),
    )
    .where("archived_at", "is", null)
    .orderBy("title")
    .execute();
}

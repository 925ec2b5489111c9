// The products the topic form offers as keys to a restricted topic: every product of any kind. A course is
// offered through its product row (made here when missing, as the products list does): owning the course,
// through course_access, opens the topic too (./topic-access.ts).
import type { Db } from "#platform/db/connection.ts";
import type { ProductKind, ProductStatus } from "#platform/db/schema.ts";
import { ensureCourseProduct } from "../selling/course-product.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { canManageTopics } from "./policies.ts";

export type TopicProductOption = { id: number; title: string; kind: ProductKind; status: ProductStatus };

export async function listTopicProductOptions(db: Db, actor: Actor): Promise<TopicProductOption[]> {
  authorize(actor, canManageTopics(actor));
  const courses = await db
    .selectFrom("courses as c")
    .select("c.id")
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom("products as p").select("p.id").whereRef("p.course_id", "=", "c.id"))),
    )
    .execute();
  for (const course of courses) await ensureCourseProduct(db, course.id);
  return db.selectFrom("products").select(["id", "title", "kind", "status"]).orderBy("title").orderBy("id").execute();
}

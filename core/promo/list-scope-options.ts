// The products a promo code can be limited to, for the form's select: every course (sold through its product
// row, made when the code is saved) and every other product (bundles, files, consultations, live events).
import type { Db } from "#platform/db/connection.ts";
import type { ProductKind } from "#platform/db/schema.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { canManagePromoCodes } from "./policies.ts";

export type ScopeOption = { value: string; kind: "course" | ProductKind; title: string };

export async function listScopeOptions(db: Db, actor: Actor): Promise<ScopeOption[]> {
  authorize(actor, canManagePromoCodes(actor));
  const [courses, products] = await Promise.all([
    db.selectFrom("courses").select(["id", "title"]).orderBy("title").orderBy("id").execute(),
    db
      .selectFrom("products")
      .select(["id", "title", "kind"])
      .where("kind", "!=", "course")
      .orderBy("title")
      .orderBy("id")
      .execute(),
  ]);
  return [
    ...courses.map((course) => ({ value: `course:${course.id}`, kind: "course" as const, title: course.title })),
    ...products.map((product) => ({ value: `product:${product.id}`, kind: product.kind, title: product.title })),
  ];
}

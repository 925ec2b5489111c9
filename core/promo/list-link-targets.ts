// The pages an affiliate may link to with their code: the home page and every published course and product
// page, as paths ({baseUrl}{path}?ref=CODE is the shareable link).
import type { Db } from "#platform/db/connection.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { canManageAffiliates } from "./policies.ts";

export type LinkTarget = { title: string; path: string };

export async function listLinkTargets(db: Db, actor: Actor): Promise<LinkTarget[]> {
  authorize(actor, canManageAffiliates(actor));
  const [courses, products] = await Promise.all([
    db
      .selectFrom("courses")
      .select(["title", "slug"])
      .where("status", "=", "published")
      .orderBy("title")
      .orderBy("id")
      .execute(),
    db
      .selectFrom("products")
      .select(["title", "slug"])
      .where("kind", "!=", "course")
      .where("status", "=", "published")
      .where("slug", "is not", null)
      .orderBy("title")
      .orderBy("id")
      .execute(),
  ]);
  return [
    ...courses.map((course) => ({ title: course.title, path: `/${course.slug}` })),
    ...products.map((product) => ({ title: product.title, path: `/products/${product.slug}` })),
  ];
}

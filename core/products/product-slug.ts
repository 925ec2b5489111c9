// A product other than a course lives at /products/{slug}: one URL segment (lower-case ASCII letters, digits and
// hyphens, the course slug rules of core/catalog/course-slug.ts), unique among products and not a course's slug,
// so that one address never names two things a visitor could buy.
import type { Db } from "#platform/db/connection.ts";
import { SLUG_MAX, slugify } from "../catalog/course-slug.ts";
import { fieldError } from "../errors.ts";

export async function isProductSlugTaken(db: Db, slug: string, exceptProductId?: number): Promise<boolean> {
  let products = db.selectFrom("products").select("id").where("slug", "=", slug);
  if (exceptProductId !== undefined) products = products.where("id", "!=", exceptProductId);
  if (await products.executeTakeFirst()) return true;
  return Boolean(await db.selectFrom("courses").select("id").where("slug", "=", slug).executeTakeFirst());
}

/** A free slug from a title: the title's slug, with "-2", "-3"... when taken; "product" for a title of symbols. */
export async function generateProductSlug(db: Db, title: string, exceptProductId?: number): Promise<string> {
  const base = slugify(title) || "product";
  for (let n = 1; n < 1000; n++) {
    const suffix = n === 1 ? "" : `-${n}`;
    const candidate = `${base.slice(0, SLUG_MAX - suffix.length).replace(/-+$/, "")}${suffix}`;
    if (!(await isProductSlugTaken(db, candidate, exceptProductId))) return candidate;
  }
  return `${base.slice(0, SLUG_MAX - 9)}-${Date.now().toString(36)}`;
}

/**
 * The slug a product is saved with: the admin's own (normalised; a 422 on "slug" when another product or a course
 * has it), or, left empty, one generated from the title.
 */
export async function resolveProductSlug(
  db: Db,
  options: { wanted: string; title: string; productId?: number },
): Promise<string> {
  const slug = slugify(options.wanted);
  if (!slug) return generateProductSlug(db, options.title, options.productId);
  if (await isProductSlugTaken(db, slug, options.productId)) throw fieldError("slug", "validation:unique");
  return slug;
}

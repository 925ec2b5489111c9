// POST /home/products: a new bundle, consultation, live event or file product, a draft unless told otherwise. The
// slug comes from the title unless the admin gave one; the currency defaults to the school's. Its variants get
// their first price-history rows, a bundle its courses in order, and the catalog's cache version moves in the
// same transaction (the product pages are cached for visitors).
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { objectInput } from "#core/shared/object-input.ts";
import { checkCoverImage } from "../catalog/check-cover-image.ts";
import { slugRaceToValidation } from "../catalog/course-slug.ts";
import { AppError } from "../errors.ts";
import { parseInput } from "../validation.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { canManageProducts } from "./policies.ts";
import { saveBundleCourses } from "./bundle-courses.ts";
import { checkBundleCourses, checkProductFile } from "./product-checks.ts";
import { type AdminProduct, getProductForEditing } from "./product-records.ts";
import { resolveProductSlug } from "./product-slug.ts";
import { kindFields } from "./kind-fields.ts";
import { productSchema } from "./schemas.ts";
import { saveVariants } from "./variant-history.ts";

export async function createProduct(
  db: Db,
  actor: Actor,
  input: unknown,
  /** the school's currency and VAT default (null before setup) */
  defaults: { currency: string; vat_rate: number } | null,
): Promise<AdminProduct> {
  authorize(actor, canManageProducts(actor));
  if (!defaults) throw new AppError("setup_required");
  const data = parseInput(productSchema, {
    currency: defaults.currency,
    vat_rate: defaults.vat_rate,
    ...objectInput(input),
  });
  return db.transaction().execute(async (trx) => {
    await checkCoverImage(trx, data.cover_image);
    await checkBundleCourses(trx, data.kind === "bundle" ? data.course_ids : []);
    if (data.kind === "file") await checkProductFile(trx, data.file_key);
    const slug = await resolveProductSlug(trx, { wanted: data.slug, title: data.title });
    const now = nowIso();
    const row = await trx
      .insertInto("products")
      .values({
        kind: data.kind,
        course_id: null,
        slug,
        title: data.title,
        description: data.description,
        cover_image: data.cover_image,
        status: data.status,
        currency: data.currency,
        vat_rate: data.vat_rate,
        promo_limit: data.promo_limit,
        access_days: data.access_days,
        access_ends_at: data.access_ends_at,
        ...kindFields(data),
        published_at: data.status === "published" ? now : null,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow()
      .catch(slugRaceToValidation);
    if (data.kind === "bundle") await saveBundleCourses(trx, row.id, data.course_ids);
    await saveVariants(trx, { productId: row.id, variants: data.variants, firstPosition: 1, now });
    return getProductForEditing(trx, row.id);
  });
}

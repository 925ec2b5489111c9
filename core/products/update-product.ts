// PUT /home/products/{id}: changes any of a product's fields (fields left out keep their values, so the cover
// image box can save just the image); the whole product is then checked again. The kind never changes. Variants
// are saved as a list (variant-history.ts: every price change is recorded); a bundle's course list is replaced;
// a replaced file's old bytes are removed once the change is committed. A course product has its own part only
// (update-course-product.ts). The catalog's cache version moves in the same transaction.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import type { Storage } from "#core/ports/storage.ts";
import { objectInput } from "#core/shared/object-input.ts";
import { checkCoverImage } from "../catalog/check-cover-image.ts";
import { slugRaceToValidation } from "../catalog/course-slug.ts";
import { parseInput } from "../validation.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { pathId } from "../shared/path-id.ts";
import { canManageProducts } from "./policies.ts";
import { saveBundleCourses } from "./bundle-courses.ts";
import { kindFields } from "./kind-fields.ts";
import { checkBundleCourses, checkProductFile } from "./product-checks.ts";
import { removeProductFile } from "./remove-product-file.ts";
import { type AdminProduct, getProductForEditing, requireProduct } from "./product-records.ts";
import { resolveProductSlug } from "./product-slug.ts";
import { type ProductInput, productSchema } from "./schemas.ts";
import { updateCourseProduct } from "./update-course-product.ts";
import { saveVariants } from "./variant-history.ts";

export type ProductDeps = { db: Db; storage: Storage };

async function currentInput(db: Db, productId: number): Promise<ProductInput> {
  const product = await getProductForEditing(db, productId);
  return {
    kind: product.kind as ProductInput["kind"],
    title: product.title,
    slug: product.slug ?? "",
    description: product.description,
    cover_image: product.cover_image,
    status: product.status,
    currency: product.currency as ProductInput["currency"],
    vat_rate: product.vat_rate,
    promo_limit: product.promo_limit,
    access_days: product.access_days,
    access_ends_at: product.access_ends_at,
    event_starts_at: product.event_starts_at,
    event_link: product.event_link,
    file_key: product.file?.key ?? null,
    file_name: product.file?.name ?? null,
    course_ids: product.course_ids,
    variants: product.variants.map(({ position: _position, ...variant }) => variant),
  };
}

export async function updateProduct(
  { db, storage }: ProductDeps,
  actor: Actor,
  productIdInput: unknown,
  input: unknown,
): Promise<AdminProduct> {
  // The refusal first, whatever the id (401 / 403); then a malformed or unknown id is a 404.
  authorize(actor, canManageProducts(actor));
  const productId = pathId(productIdInput);
  const body = objectInput(input);
  let replacedFile: string | null = null;
  const saved = await db.transaction().execute(async (trx) => {
    const current = await requireProduct(trx, productId);
    if (current.kind === "course") return updateCourseProduct(trx, current, body);
    const data = parseInput(productSchema, { ...(await currentInput(trx, productId)), ...body, kind: current.kind });
    await checkCoverImage(trx, data.cover_image, current.cover_image);
    await checkBundleCourses(trx, data.kind === "bundle" ? data.course_ids : []);
    if (data.kind === "file") await checkProductFile(trx, data.file_key, current.file_key);
    const slug = await resolveProductSlug(trx, { wanted: data.slug, title: data.title, productId });
    const now = nowIso();
    await trx
      .updateTable("products")
      .set({
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
        published_at: current.published_at ?? (data.status === "published" ? now : null),
        updated_at: now,
      })
      .where("id", "=", productId)
      .execute()
      .catch(slugRaceToValidation);
    if (data.kind === "bundle") await saveBundleCourses(trx, productId, data.course_ids);
    await saveVariants(trx, { productId, variants: data.variants, firstPosition: 1, now });
    if (current.file_key && current.file_key !== data.file_key) replacedFile = current.file_key;
    return getProductForEditing(trx, productId);
  });
  if (replacedFile) await removeProductFile({ db, storage }, replacedFile);
  return saved;
}

// DELETE /home/products/{id}: removes a product nobody has bought or tried to buy, with its variants, price
// history, bundle courses and file. A product with transactions is refused with a clear message (409): its
// buyers' records need it; unpublishing hides it instead. A course product goes only with its course.
import { AppError } from "../errors.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { pathId } from "../shared/path-id.ts";
import { canManageProducts } from "./policies.ts";
import { removeProductFile } from "./remove-product-file.ts";
import { requireProduct } from "./product-records.ts";
import type { ProductDeps } from "./update-product.ts";

function hasTransactions(): AppError {
  return new AppError("conflict", { messageKey: "products:delete_has_transactions" });
}

export async function deleteProduct(
  { db, storage }: ProductDeps,
  actor: Actor,
  productIdInput: unknown,
): Promise<void> {
  // The refusal first, whatever the id (401 / 403); then a malformed or unknown id is a 404.
  authorize(actor, canManageProducts(actor));
  const productId = pathId(productIdInput);
  const fileKey = await db.transaction().execute(async (trx) => {
    const product = await requireProduct(trx, productId);
    if (product.kind === "course") throw new AppError("conflict", { messageKey: "products:delete_course_product" });
    const sale = await trx
      .selectFrom("transactions")
      .select("id")
      .where("product_id", "=", productId)
      .limit(1)
      .executeTakeFirst();
    if (sale) throw hasTransactions();
    await trx
      .deleteFrom("products")
      .where("id", "=", productId)
      .execute()
      // A checkout that started meanwhile: its transaction holds the product (foreign key, restrict).
      .catch((error: unknown) => {
        if (/foreign key/i.test(String(error))) throw hasTransactions();
        throw error;
      });
    return product.file_key;
  });
  if (fileKey) await removeProductFile({ db, storage }, fileKey);
}

// One product as its editor shows it (GET /home/products/{id} and the /home/products/{id} page).
import type { Db } from "#platform/db/connection.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { pathId } from "../shared/path-id.ts";
import { canManageProducts } from "./policies.ts";
import { type AdminProduct, getProductForEditing } from "./product-records.ts";

/** The refusal comes first, whatever the id (401 / 403); then a malformed or unknown id is a 404. */
export async function getEditedProduct(db: Db, actor: Actor, productId: unknown): Promise<AdminProduct> {
  authorize(actor, canManageProducts(actor));
  return getProductForEditing(db, pathId(productId));
}

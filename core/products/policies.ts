// Who may do what with products. Pure; the product use-cases ask it.
import { type Actor, isAdmin, isSignedIn } from "../shared/actor.ts";

/** The product editor: list, create, read, change and delete products and upload their files. Admins. */
export function canManageProducts(actor: Actor): boolean {
  return isAdmin(actor);
}

/** One's own products (/my, /my/products/{slug}, a file product's download): anyone signed in. */
export function canUseOwnProducts(actor: Actor): boolean {
  return isSignedIn(actor);
}

/** Any product's buyer page and file, bought or not (to check what buyers get): the admins. */
export function canSeeEveryProduct(actor: Actor): boolean {
  return isAdmin(actor);
}

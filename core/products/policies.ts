// Who may do what with products. Pure; the product use-cases ask it.
import { type Actor, isAdmin } from "../shared/actor.ts";

/** The product editor: list, create, read, change and delete products and upload their files. Admins. */
export function canManageProducts(actor: Actor): boolean {
  return isAdmin(actor);
}

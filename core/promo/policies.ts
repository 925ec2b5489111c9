// Who may do what with promo and affiliate codes. Pure; the promo use-cases of the admin area ask it.
// (Redeeming a code at checkout is anyone's: core/selling.)
import { type Actor, isAdmin } from "../shared/actor.ts";

/** Promo codes: list, create, change, delete. Admins. */
export function canManagePromoCodes(actor: Actor): boolean {
  return isAdmin(actor);
}

/** Affiliate codes and their sales reports. Admins (later perhaps an affiliate reading their own report). */
export function canManageAffiliates(actor: Actor): boolean {
  return isAdmin(actor);
}

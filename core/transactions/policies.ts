// Who may see and change transactions. Pure; the transaction use-cases ask it.
import { type Actor, isAdmin } from "../shared/actor.ts";

/** The transactions list, the sales summary, the export and every transaction's details: admins. */
export function canViewTransactions(actor: Actor): boolean {
  return isAdmin(actor);
}

/** Access granted or denied by hand, refunds recorded: admins. */
export function canManageTransactions(actor: Actor): boolean {
  return isAdmin(actor);
}

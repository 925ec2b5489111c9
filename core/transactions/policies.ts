// Who may see and change transactions. Pure; the transaction use-cases ask it.
import { type Actor, isAdmin } from "../shared/actor.ts";

/** The transactions list, the sales summary, the export and every transaction's details: admins. */
export function canViewTransactions(actor: Actor): boolean {
  return isAdmin(actor);
}

/**
 * One transaction: the admins, and the buyer who made it. Anyone else is answered as if it did not exist
 * (404, so ids cannot be probed).
 */
export function canViewTransaction(actor: Actor, transaction: { user_id: number | null }): boolean {
  if (isAdmin(actor)) return true;
  return actor.kind !== "visitor" && transaction.user_id !== null && transaction.user_id === actor.userId;
}

/** Access granted or denied by hand, refunds recorded: admins. */
export function canManageTransactions(actor: Actor): boolean {
  return isAdmin(actor);
}

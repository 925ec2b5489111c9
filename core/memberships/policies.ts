// Who may do what with memberships (issue 15). Pure: the use-cases of this folder ask it with the request's actor.
import { type Actor, isAdmin, isSignedIn } from "../shared/actor.ts";

/** Creating and changing plans, closing their sign-ups. Admins. */
export function canManagePlans(actor: Actor): boolean {
  return isAdmin(actor);
}

/** Subscribing to a plan: anyone signed in (a visitor registers on the way, /subscribe/checkout/register). */
export function canSubscribe(actor: Actor): boolean {
  return isSignedIn(actor);
}

/** Seeing and cancelling one's own membership, answering the survey. Anyone signed in, for their own only. */
export function canManageOwnMembership(actor: Actor): boolean {
  return isSignedIn(actor);
}

/** The members list, one member's history, extending or ending a membership by hand, the figures. Admins. */
export function canManageMembers(actor: Actor): boolean {
  return isAdmin(actor);
}

// Who may manage a course's team purchases and take an invitation's seat. Pure; the access-manager use-cases ask
// it. Which purchases a signed-in buyer manages is data (their own: anyone else's is a 404, team-purchases.ts).
import { type Actor, isAdmin, isSignedIn } from "../shared/actor.ts";

/** The access manager itself: anyone signed in (the buyer of a team purchase, an admin); a visitor logs in. */
export function canManageTeamPurchases(actor: Actor): boolean {
  return isSignedIn(actor);
}

/** Every buyer's team purchases and invitations, not only one's own: the admins. */
export function canManageEveryTeamPurchase(actor: Actor): boolean {
  return isAdmin(actor);
}

/** Taking an invitation's seat: anyone signed in (with the invited e-mail, which the use-case checks). */
export function canAcceptInvitations(actor: Actor): boolean {
  return isSignedIn(actor);
}

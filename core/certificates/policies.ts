// Who may do what with certificates. Pure: the use-cases ask it on the server.
import { type Actor, isAdmin, isSignedIn } from "../shared/actor.ts";

/** Designing a course's template, listing, revoking and reissuing certificates: the admins. */
export function canManageCertificates(actor: Actor): boolean {
  return isAdmin(actor);
}

/** Listing and downloading one's own certificates: anyone signed in (an admin also downloads anyone's). */
export function canSeeOwnCertificates(actor: Actor): boolean {
  return isSignedIn(actor);
}

// Who may export and erase a person's data (issue 18, item 5; GDPR access and erasure). Pure; the privacy
// use-cases ask it.
import { type Actor, isAdmin, isSignedIn } from "../shared/actor.ts";

/** Any student's data export and erasure, from the student's page: the admins. */
export function canManageStudentData(actor: Actor): boolean {
  return isAdmin(actor);
}

/** One's own data export and erasure, from /my/account: anyone signed in; a visitor logs in (401). */
export function canManageOwnData(actor: Actor): boolean {
  return isSignedIn(actor);
}

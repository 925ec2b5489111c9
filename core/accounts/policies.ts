// Who may read and change an account's own settings. Pure; the account settings use-cases ask it (own-account.ts).
import { type Actor, isSignedIn } from "../shared/actor.ts";

/** One's own name, e-mail, password and notification settings: anyone signed in; a visitor logs in (401). */
export function canChangeOwnAccount(actor: Actor): boolean {
  return isSignedIn(actor);
}

/** The student area (/my: one's products, invoices, account): anyone signed in; a visitor logs in (401). */
export function canEnterStudentArea(actor: Actor): boolean {
  return isSignedIn(actor);
}

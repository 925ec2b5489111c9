// Who may see invoices as a buyer. Pure; the invoice use-cases ask it. Which invoices is data: one's own
// purchases' (anyone else's is a 404, like a missing one).
import { type Actor, isSignedIn } from "../shared/actor.ts";

/** One's own invoices (/my/invoices and their PDFs): anyone signed in, admins too (they buy as well). */
export function canSeeOwnInvoices(actor: Actor): boolean {
  return isSignedIn(actor);
}

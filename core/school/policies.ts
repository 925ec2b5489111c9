// Who may do what with the school's own settings. Pure; the use-cases of core/school ask it.
import { type Actor, isAdmin } from "../shared/actor.ts";

/** The school's name, language, currency, address, switches and VAT default: its admins. */
export function canManageSchool(actor: Actor): boolean {
  return isAdmin(actor);
}

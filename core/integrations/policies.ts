// Who may see and change the school's integrations (payment providers, invoicing). Pure; the integrations
// use-cases of the admin area ask it.
import { type Actor, isAdmin } from "../shared/actor.ts";

/** The integration cards, their settings (secrets included, masked), switching and removing them: admins. */
export function canManageIntegrations(actor: Actor): boolean {
  return isAdmin(actor);
}

// Who may do what with leads. Pure: the use-cases ask it on the server, the pages use it to decide what to show.
import { type Actor, isAdmin } from "../shared/actor.ts";

/** Building lead forms, reading, exporting and deleting leads: the admins. */
export function canManageLeads(actor: Actor): boolean {
  return isAdmin(actor);
}

/** Leaving a lead (POST /lead) or confirming one from its e-mail: anyone, a visitor included (rate-limited). */
export function canLeaveLead(_actor: Actor): boolean {
  return true;
}

/** How long a double opt-in's confirmation link works. */
export const LEAD_CONFIRM_DAYS = 7;

/** A refused send ends the form's loading after this long (spec §9: lead form error reset 2000 ms). */
export const LEAD_ERROR_RESET_MS = 2000;

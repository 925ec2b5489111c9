// Who may see and change the school's outgoing webhooks (their secrets sign what the school sends). Pure.
import { type Actor, isAdmin } from "../shared/actor.ts";

/** Endpoints, their secrets, the delivery log, redelivery and test events: admins. */
export function canManageWebhooks(actor: Actor): boolean {
  return isAdmin(actor);
}

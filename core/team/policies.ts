// Who may do what with the school's team and its audit log (issue 18, item 4). Pure; the team's use-cases ask it.
// The owner is the admin who set the school up (school.owner_user_id, migration 0040): other admins manage
// everything else but not the team, and do not read the log of what the team did.
import { type Actor, isOwner } from "../shared/actor.ts";

/** Listing, inviting, changing the role of and removing team members (/home/team): the owner only. */
export function canManageTeam(actor: Actor): boolean {
  return isOwner(actor);
}

/** Reading the audit log (/home/audit): the owner only. */
export function canReadAuditLog(actor: Actor): boolean {
  return isOwner(actor);
}

/** Whose role may change or be taken away: anyone on the team but the owner, who cannot be demoted. */
export function canChangeRoleOf(member: { id: number }, ownerId: number | null): boolean {
  return member.id !== ownerId;
}

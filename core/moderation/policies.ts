// Who may do what in moderation (issue 14, item 8). Pure: the moderation use-cases ask it on the server, the pages
// use it to decide which buttons to show. Reading the item itself is its own domain's rule (core/moderation/
// reportables.ts asks the community's and the discussion's): a report is only possible on what the reporter sees.
import { type Actor, isAdmin, isModerator, isSignedIn } from "../shared/actor.ts";

/** Reporting something: any signed-in member, never on what they wrote themselves (that is deleting it). */
export function canReport(actor: Actor, item: { user_id: number }): boolean {
  return isSignedIn(actor) && actor.userId !== item.user_id;
}

/** The queue, hiding, unhiding, deleting, dismissing and pausing: the admins and the moderators. */
export function canModerate(actor: Actor): boolean {
  return isAdmin(actor) || isModerator(actor);
}

/** A user whose posting may be paused: a student, never the team (they moderate; they are never paused). */
export function canBePaused(user: { role: string }): boolean {
  return user.role === "student";
}

/** "Until lifted" is stored as a time no clock reaches. */
export const PAUSED_UNTIL_LIFTED = "9999-12-31T23:59:59.999Z";

export const pauseDurations = ["1", "7", "30", "lifted"] as const;
export type PauseDuration = (typeof pauseDurations)[number];

/** The end of a pause starting at `now`: 1, 7 or 30 days later, or never (until lifted). */
export function pauseEnd(now: string, duration: PauseDuration): string {
  if (duration === "lifted") return PAUSED_UNTIL_LIFTED;
  return new Date(Date.parse(now) + Number(duration) * 24 * 60 * 60 * 1000).toISOString();
}

/** Whether this user may not write at `now`: a pause that has not ended, on a student. */
export function isPostingPaused(user: { role: string; posting_paused_until: string | null }, now: string): boolean {
  return canBePaused(user) && user.posting_paused_until !== null && user.posting_paused_until > now;
}

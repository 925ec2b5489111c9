// Who may do what with surveys, and when a survey shows (spec §4, §9). Pure: the use-cases ask it on the server,
// the pages use it to decide what to show.
import { type Actor, isAdmin, isSignedIn } from "../shared/actor.ts";

/** Building, editing, deleting surveys and reading their results: the admins. */
export function canManageSurveys(actor: Actor): boolean {
  return isAdmin(actor);
}

/** Answering or postponing a survey: a signed-in member (where it is attached decides which: survey-reach.ts). */
export function canTakeSurveys(actor: Actor): boolean {
  return isSignedIn(actor);
}

/** 'Remind me later' hides a survey for this long (spec §9: survey re-show 24 h). */
export const SURVEY_POSTPONE_MS = 24 * 60 * 60 * 1000;

/**
 * Spec §4: a survey shows only if the student has not answered it, and has not postponed it within the last 24 h
 * (a postponement exactly 24 h old no longer hides it).
 */
export function isSurveyDue(state: { responded_at: string | null; postponed_at: string | null }, now: string): boolean {
  if (state.responded_at !== null) return false;
  if (state.postponed_at === null) return true;
  return Date.parse(now) - Date.parse(state.postponed_at) >= SURVEY_POSTPONE_MS;
}

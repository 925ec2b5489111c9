// Who may decide who learns what. Pure; the course-access use-cases of the admin ask it. (What a viewer may
// watch is core/learning/watch-rules.ts.)
import { type Actor, isAdmin, isSignedIn } from "../shared/actor.ts";

/** Listing, granting and revoking the access of students to a course: admins (later: the course's instructors). */
export function canManageCourseAccess(actor: Actor): boolean {
  return isAdmin(actor);
}

/** Keeping one's own progress, notes and stars on the lectures one may watch: anyone signed in. Which lectures is
 * the watch rules' answer (watch-rules.ts; any other is a 404). */
export function canKeepLectureProgress(actor: Actor): boolean {
  return isSignedIn(actor);
}

/** One's own courses with their progress (/my): anyone signed in; which courses is their access rows (data). */
export function canListOwnCourses(actor: Actor): boolean {
  return isSignedIn(actor);
}

/** A course's report (students' progress, who is stuck, where they drop off) and its export: admins. */
export function canReadCourseReports(actor: Actor): boolean {
  return isAdmin(actor);
}

// Who may do what in course authoring. Pure; the authoring use-cases ask it (through authorizeAuthoring()).
import { type Actor, isAdmin } from "../shared/actor.ts";

/** The course list of the admin area and new courses: admins (later also instructors). */
export function canAuthorCourses(actor: Actor): boolean {
  return isAdmin(actor);
}

/**
 * A course and everything in it (sections, lectures, components): admins edit every course. The course is an
 * argument so that an instructor with rights on some courses fits here without changing the callers.
 */
export function canEditCourse(actor: Actor, _course: { id: number }): boolean {
  return isAdmin(actor);
}

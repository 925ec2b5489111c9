// Who may enter the admin area (/home) and read its overviews. Pure; the admin pages and use-cases ask it.
import { type Actor, isAdmin } from "../shared/actor.ts";

/** The admin area's frame and dashboard: the school's admins (later: its team, by role). */
export function canEnterAdminArea(actor: Actor): boolean {
  return isAdmin(actor);
}

/** What the school knows of one person (/home/students/{id}): the admins. */
export function canViewStudents(actor: Actor): boolean {
  return isAdmin(actor);
}

/** The background queue (/home/jobs) and retrying a failed job: the admins. */
export function canManageJobs(actor: Actor): boolean {
  return isAdmin(actor);
}

/** The school's e-mail (/home/mail, the outbox without SMTP): the admins. It holds every login link sent. */
export function canReadSchoolMail(actor: Actor): boolean {
  return isAdmin(actor);
}

/** The server's in-process caches (/home/caches): the admins. */
export function canViewCaches(actor: Actor): boolean {
  return isAdmin(actor);
}

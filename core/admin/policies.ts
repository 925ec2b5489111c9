// Who may enter the admin area (/home) and read its overviews. Pure; the admin pages and use-cases ask it.
import { type Actor, isAdmin, isModerator } from "../shared/actor.ts";

/** The admin area's frame: the school's team, admins and moderators (who see only the moderation queue). */
export function canEnterAdminArea(actor: Actor): boolean {
  return isAdmin(actor) || isModerator(actor);
}

/** The admin area's pages a moderator opens: the moderation queue, nothing else. */
export const MODERATOR_PAGES = ["/home/moderation"] as const;

/**
 * One page of the admin area (its path, /home/...): an admin opens every one, a moderator the moderation queue
 * only (any other answers 403), anyone else none.
 */
export function canOpenAdminPage(actor: Actor, path: string): boolean {
  if (isAdmin(actor)) return true;
  if (!isModerator(actor)) return false;
  return MODERATOR_PAGES.some((page) => path === page || path.startsWith(`${page}/`));
}

/** The dashboard and its overviews: the admins. */
export function canViewDashboard(actor: Actor): boolean {
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

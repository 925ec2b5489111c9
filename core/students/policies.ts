// Who may work with the school's students (/home/students, POST /student, tags, bulk imports). Pure; the
// students use-cases ask it.
import { type Actor, isAdmin } from "../shared/actor.ts";

/** The students list, a student's page, creating and importing students, giving and taking tags: the admins. */
export function canManageStudents(actor: Actor): boolean {
  return isAdmin(actor);
}

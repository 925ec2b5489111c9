// Who may do what with the school's pages made of blocks. Pure; the use-cases of core/pages ask it.
import { type Actor, isAdmin } from "../shared/actor.ts";

/** Building pages (the list, the builder, the §7 block calls, publishing, previews of drafts): admins. */
export function canManagePages(actor: Actor): boolean {
  return isAdmin(actor);
}

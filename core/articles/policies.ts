// Who may do what with articles. Pure; the article use-cases ask it.
import { type Actor, isAdmin } from "../shared/actor.ts";

/** The article editor: list, create, read, change and delete articles, drafts and scheduled ones too. Admins. */
export function canManageArticles(actor: Actor): boolean {
  return isAdmin(actor);
}

/** Drafts and scheduled articles on their public address (a preview with a banner). Admins. */
export function canPreviewArticles(actor: Actor): boolean {
  return isAdmin(actor);
}

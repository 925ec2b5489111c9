// Who may upload media. Pure; the media use-cases ask it. A lecture's PDFs, files and videos are part of its
// course: they follow the authoring policy (core/catalog/policies.ts), through authorizeLectureMedia().
import { type Actor, isAdmin } from "../shared/actor.ts";

/** Image upload tickets, their confirmation and deletion, the image library: admins (the community issue opens
 * uploads to students for their posts' images). */
export function canUploadImages(actor: Actor): boolean {
  return isAdmin(actor);
}

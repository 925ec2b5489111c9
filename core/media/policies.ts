// Who may upload and read media. Pure; the media use-cases ask it. A lecture's PDFs, files and videos are part of
// its course: uploads follow the authoring policy (core/catalog/policies.ts), through authorizeLectureMedia();
// reading them follows the lecture's watch rules (lecture-viewing.ts, file-access.ts).
import { type Actor, isAdmin, userIdOf } from "../shared/actor.ts";

/** Image upload tickets, their confirmation and deletion, the image library: admins (the community issue opens
 * uploads to students for their posts' images). */
export function canUploadImages(actor: Actor): boolean {
  return isAdmin(actor);
}

/** A video on no lecture (never attached, or its lecture's component removed): the admins and its uploader. */
export function canWatchDetachedVideo(actor: Actor, uploaderId: number | null): boolean {
  if (isAdmin(actor)) return true;
  const userId = userIdOf(actor);
  return userId !== null && userId === uploaderId;
}

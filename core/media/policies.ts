// Who may upload and read media. Pure; the media use-cases ask it. A lecture's PDFs, files and videos are part of
// its course: uploads follow the authoring policy (core/catalog/policies.ts), through authorizeLectureMedia();
// reading them follows the lecture's watch rules (lecture-viewing.ts, file-access.ts).
import { canAuthorCourses } from "../catalog/policies.ts";
import { type Actor, isAdmin, userIdOf } from "../shared/actor.ts";

/** Image upload tickets, their confirmation and deletion, the image library: admins (the community issue opens
 * uploads to students for their posts' images). */
export function canUploadImages(actor: Actor): boolean {
  return isAdmin(actor);
}

/**
 * Sending the bytes of a video (our tus endpoint): only the user who created it; a lecture's video also needs the
 * authoring right (an admin demoted since), a comment's video only its author (spec §3: the comment's file).
 */
export function canUploadVideo(actor: Actor, video: { ownerId: number | null; onComment: boolean }): boolean {
  const userId = userIdOf(actor);
  if (userId === null || video.ownerId === null || userId !== video.ownerId) return false;
  return video.onComment || canAuthorCourses(actor);
}

/** A video on no lecture (never attached, or its lecture's component removed): the admins and its uploader. */
export function canWatchDetachedVideo(actor: Actor, uploaderId: number | null): boolean {
  if (isAdmin(actor)) return true;
  const userId = userIdOf(actor);
  return userId !== null && userId === uploaderId;
}

// Who may upload media. Pure; the media use-cases ask it. A lecture's PDFs, files and videos are part of its
// course: they follow the authoring policy (core/catalog/policies.ts), through authorizeLectureMedia().
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

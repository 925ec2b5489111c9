// Who may read a stored file (GET /files/<key>) or play a video (GET /videos/<id>/stream), by the key's
// prefix (storage-keys.ts): images are public; a lecture's files and videos follow the lecture's gate, a
// comment's video the gate of what the comment hangs on,
// a community post's video whoever may read the post; anything else is never served here. Not allowed reads as
// "not found", so nothing is revealed. The edge passes the request's actor; the watch rules and the media policy
// decide.
import type { VideoHost } from "#core/ports/video-host.ts";
import type { Db } from "#platform/db/connection.ts";
import { isValidKey } from "#core/ports/storage.ts";
import { requireVisibleCommentable } from "../discussion/commentable.ts";
import { type Actor, isSignedIn, userIdOf } from "../shared/actor.ts";
import { commentOfVideo, postOfVideo } from "./comment-video-access.ts";
import { applyStatus } from "./hosted-video.ts";
import { canViewLecture } from "./lecture-viewing.ts";
import { canWatchDetachedVideo } from "./policies.ts";
import { keyOwner } from "./storage-keys.ts";
import { VIDEO_READY } from "./video-upload.ts";

export type FileReadAccess = { visibility: "public" } | { visibility: "private"; lectureId: number };

export async function fileReadAccess(db: Db, actor: Actor, key: string): Promise<FileReadAccess | null> {
  if (!isValidKey(key)) return null;
  const owner = keyOwner(key);
  if (owner.kind === "image") return { visibility: "public" };
  if (owner.kind === "lecture" && (await canViewLecture(db, actor, owner.lectureId))) {
    return { visibility: "private", lectureId: owner.lectureId };
  }
  return null;
}

/** The player's view of a video: its status and, for a hosted one, where the host plays it. */
export type VideoStatus = { id: number; status: number; embed_url?: string; hls_url?: string | null };

async function findVideo(db: Db, videoId: number) {
  if (!Number.isSafeInteger(videoId) || videoId <= 0) return undefined;
  return db
    .selectFrom("videos")
    .select(["id", "status", "storage_key", "lecture_id", "user_id", "provider", "external_id"])
    .where("id", "=", videoId)
    .executeTakeFirst();
}

/** Whether the actor may see the comment a video is attached to (the commentable's own rule). */
async function maySeeComment(
  db: Db,
  actor: Actor,
  comment: { commentable_type: "lecture" | "post"; commentable_id: number },
) {
  if (!isSignedIn(actor)) return false;
  const viewer = { id: actor.userId, role: actor.kind };
  try {
    await requireVisibleCommentable(db, { type: comment.commentable_type, id: comment.commentable_id }, viewer);
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === "not_found") return false;
    throw error;
  }
}

async function mayWatch(
  db: Db,
  actor: Actor,
  video: { id: number; lecture_id: number | null; user_id: number | null },
) {
  if (video.lecture_id !== null) return canViewLecture(db, actor, video.lecture_id);
  if (canWatchDetachedVideo(actor, video.user_id)) return true;
  // A comment's video: whoever may see the comment.
  const comment = await commentOfVideo(db, video.id);
  if (comment !== undefined) return maySeeComment(db, actor, comment);
  // A community post's video: whoever may read the post (the commentable kind 'post' applies the topic's rule).
  const post = await postOfVideo(db, video.id);
  return post !== undefined && maySeeComment(db, actor, { commentable_type: "post", commentable_id: post.id });
}

/**
 * GET /videos/<id>: the status the player shows (spec §9: 3 ready, 0-2 processing), for those who may watch;
 * a hosted video's embedded player address (signed when the host wants tokens) once it is ready.
 */
export async function findVideoStatus(
  { db, videoHost }: { db: Db; videoHost?: VideoHost | null },
  actor: Actor,
  videoId: number,
): Promise<VideoStatus | null> {
  const video = await findVideo(db, videoId);
  if (!video || !(await mayWatch(db, actor, video))) return null;
  // The author of a comment's hosted video polls this until it is ready: the host is asked (its GET video object),
  // so no webhook is needed for the author to see 'Saved'; a host outage leaves the status as it was.
  if (
    video.provider !== "local" &&
    video.status < VIDEO_READY &&
    video.lecture_id === null &&
    video.external_id &&
    userIdOf(actor) === video.user_id &&
    videoHost?.provider === video.provider
  ) {
    const current = await videoHost.getVideo(video.external_id).catch(() => null);
    if (current && (await applyStatus(db, video, current.status))) video.status = current.status!;
  }
  if (
    video.provider !== "local" &&
    video.status === VIDEO_READY &&
    video.external_id &&
    videoHost?.provider === video.provider
  ) {
    const playback = videoHost.playback(video.external_id);
    return { id: video.id, status: video.status, embed_url: playback.embedUrl, hls_url: playback.hlsUrl };
  }
  return { id: video.id, status: video.status };
}

/** The stored file of a ready local video the viewer may watch, or null. */
export async function findPlayableVideo(db: Db, actor: Actor, videoId: number): Promise<{ storageKey: string } | null> {
  const video = await findVideo(db, videoId);
  if (!video || video.provider !== "local" || video.status !== VIDEO_READY || !video.storage_key) return null;
  if (!(await mayWatch(db, actor, video))) return null;
  return { storageKey: video.storage_key };
}

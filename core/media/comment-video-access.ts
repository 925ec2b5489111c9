// Who may send a comment's video to our own tus endpoint (comment-video.ts gives the signed headers): the
// signature is an HMAC with the server's secret over our LibraryId, the expiry and the video's id, checked on every
// tus request besides the author's session and CSRF token (video-upload.ts asks policies.ts canUploadVideo too).
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Db } from "#platform/db/connection.ts";
import { ABANDONED_UPLOAD_MS } from "./limits.ts";

/** The LibraryId of our own endpoint's uploads. */
export const LOCAL_LIBRARY = "local";
/** How long our own endpoint accepts a comment video's signature: as long as an unfinished upload is kept. */
export const LOCAL_UPLOAD_SECONDS = ABANDONED_UPLOAD_MS / 1000;
export function localUploadSignature(secret: Buffer, expires: number, videoId: number): string {
  return createHmac("sha256", secret).update(`comment-video:${LOCAL_LIBRARY}:${expires}:${videoId}`).digest("hex");
}

/** Our endpoint's check of a comment video's signed headers at `now`. */
export function localUploadSignatureValid(
  secret: Buffer,
  videoId: number,
  headers: SignedUploadHeaders | undefined,
  now = new Date(),
): boolean {
  if (!headers) return false;
  const { AuthorizationSignature: signature, AuthorizationExpire: expire, VideoId, LibraryId } = headers;
  if (LibraryId !== LOCAL_LIBRARY || VideoId !== String(videoId) || !expire || !/^\d{1,12}$/.test(expire)) return false;
  if (Number(expire) * 1000 <= now.getTime() || typeof signature !== "string") return false;
  const expected = Buffer.from(localUploadSignature(secret, Number(expire), videoId));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The comment a video is attached to, if any. */
export async function commentOfVideo(db: Db, videoId: number) {
  return db
    .selectFrom("comments")
    .select(["id", "user_id", "commentable_type", "commentable_id"])
    .where("video_id", "=", videoId)
    .executeTakeFirst();
}

/** The community post a hosted video is attached to, if any (a post's video goes the way of a comment's). */
export async function postOfVideo(db: Db, videoId: number) {
  return db
    .selectFrom("community_posts")
    .select(["id", "user_id", "topic_id"])
    .where("video_id", "=", videoId)
    .executeTakeFirst();
}

/** Whether a video hangs on a comment or a community post (signed uploads by the author, swept if unfinished). */
export async function isAttachedVideo(db: Db, videoId: number): Promise<boolean> {
  return (await commentOfVideo(db, videoId)) !== undefined || (await postOfVideo(db, videoId)) !== undefined;
}

/** The signed headers of a tus request to our endpoint (all strings as they arrived; absent: undefined). */
export type SignedUploadHeaders = {
  AuthorizationSignature?: string;
  AuthorizationExpire?: string;
  VideoId?: string;
  LibraryId?: string;
};

// A video attached to a comment (spec §3: the comment's file flag; §5: only where the commentable accepts one,
// i.e. community posts). The comment and its videos row are written together; the answer's videoUpload has the
// spec's shape {endpoint, AuthorizationSignature, AuthorizationExpire, VideoId, LibraryId, title} with both hosts:
// - Bunny Stream (when configured): the video is created there first (an outage: 503 'Video upload is
//   temporarily unavailable', nothing written) and the browser's tus client sends the file straight to Bunny with
//   Bunny's signature, sha256(library_id + api_key + expiration_time + video_id) (hosted-video.ts, bunny.ts);
// - our own tus endpoint (server/api/media-transfer.ts, video-upload.ts): VideoId is our video's id, LibraryId
//   "local", and the signature our HMAC over them with the server's secret; the endpoint wants it on every
//   request, besides the author's session and CSRF token. The file plays from our storage once stored (status 3).
// Only the comment's author may send the bytes (policies.ts canUploadVideo). A video never finished is swept after
// a day (sweepUnfinishedCommentVideos, the media.comment_video_sweep schedule): the bytes that arrived (tus
// pieces, or the video at the host), the row, and the comment's link to it. A community post's hosted video
// (core/community/create-post.ts) is made, uploaded, watched and swept the same way.
import type { VideoHost } from "#core/ports/video-host.ts";
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { AppError } from "../errors.ts";
import { TUS_ENDPOINT } from "./create-video.ts";
import { LOCAL_LIBRARY, LOCAL_UPLOAD_SECONDS, localUploadSignature } from "./comment-video-access.ts";
import { ABANDONED_UPLOAD_MS } from "./limits.ts";
import type { VideoUploadDeps } from "./media-deps.ts";
import { uploadId, VIDEO_READY } from "./video-upload.ts";

/** A video's title at the host: the comment's first words. */
const TITLE_MAX = 80;

export type CommentVideoUpload = {
  endpoint: string;
  AuthorizationSignature: string;
  AuthorizationExpire: number;
  VideoId: string;
  LibraryId: string;
  title: string;
};

/** What a comment's video needs from the composition root. */
export type CommentVideoDeps = { videoHost: VideoHost | null; secret: Buffer };

function videoTitle(body: string): string {
  const words = [...body.trim().replace(/\s+/g, " ")];
  return words.length > TITLE_MAX ? `${words.slice(0, TITLE_MAX - 1).join("")}…` : words.join("");
}

/** A host call that failed: 503 'Video upload is temporarily unavailable' (spec §8). */
function unavailable(error: unknown): never {
  if (error instanceof Error && error.name === "VideoHostError") {
    throw new AppError("unavailable", { messageKey: "media:video_upload_unavailable" });
  }
  throw error;
}

/**
 * Writes a comment with its video: the video at the host first (when there is one), then in one transaction our
 * videos row (status 0) and the comment through `insertComment`, which gets the video's id to link. Answers what
 * insertComment answered and the spec's videoUpload.
 */
export async function createWithCommentVideo<T>(
  db: Db,
  deps: CommentVideoDeps,
  options: { userId: number; body: string; now?: Date },
  insertComment: (trx: Db, videoId: number) => Promise<T>,
): Promise<{ result: T; videoUpload: CommentVideoUpload }> {
  const title = videoTitle(options.body);
  const host = deps.videoHost;
  const external = host ? await host.createVideo(title).catch(unavailable) : null;
  const now = options.now ?? new Date();
  const stamp = nowIso();
  const { videoId, result } = await db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto("videos")
      .values({
        provider: host ? host.provider : "local",
        storage_key: null,
        external_id: external?.id ?? null,
        title,
        duration_seconds: 0,
        status: 0,
        user_id: options.userId,
        lecture_id: null,
        created_at: stamp,
        updated_at: stamp,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { videoId: id, result: await insertComment(trx, id) };
  });
  if (host && external) return { result, videoUpload: { ...host.uploadAuthorization(external.id, now), title } };
  const expires = Math.floor(now.getTime() / 1000) + LOCAL_UPLOAD_SECONDS;
  return {
    result,
    videoUpload: {
      endpoint: TUS_ENDPOINT,
      AuthorizationSignature: localUploadSignature(deps.secret, expires, videoId),
      AuthorizationExpire: expires,
      VideoId: String(videoId),
      LibraryId: LOCAL_LIBRARY,
      title,
    },
  };
}

const SWEEP_BATCH = 200;

/**
 * Comments' videos created more than a day before `now` that never became ready (the tab was closed, the upload
 * failed): their tus pieces (ours) or the video at the host (Bunny) are removed, then, in one transaction, the
 * comment's link and the row. A hosted video the host has finished meanwhile (a lost webhook) is marked ready and
 * kept. Ready ones are never touched. Returns how many were removed. Safe to run on several machines at once.
 */
export async function sweepUnfinishedCommentVideos(
  deps: VideoUploadDeps,
  options: { now?: Date } = {},
): Promise<number> {
  const { db, storage, resumable, videoHost } = deps;
  const cutoff = new Date((options.now ?? new Date()).getTime() - ABANDONED_UPLOAD_MS).toISOString();
  // A comment's or a community post's video (create-post.ts writes a post's the same way).
  const stale = await db
    .selectFrom("videos as v")
    .select(["v.id", "v.provider", "v.external_id", "v.storage_key", "v.status"])
    .where((eb) =>
      eb.or([
        eb.exists(eb.selectFrom("comments as c").select("c.id").whereRef("c.video_id", "=", "v.id")),
        eb.exists(eb.selectFrom("community_posts as p").select("p.id").whereRef("p.video_id", "=", "v.id")),
      ]),
    )
    .where("v.status", "!=", VIDEO_READY)
    .where("v.created_at", "<", cutoff)
    .orderBy("v.id")
    .limit(SWEEP_BATCH)
    .execute();
  let removed = 0;
  for (const video of stale) {
    if (video.provider === "local") {
      await resumable.remove(uploadId(video.id));
      if (video.storage_key) await storage.delete(video.storage_key);
    } else if (video.external_id) {
      // Without the host configured any more, the host's copy cannot be reached: the row goes all the same.
      if (videoHost?.provider === video.provider) {
        const current = await videoHost.getVideo(video.external_id);
        if (current?.status === VIDEO_READY) {
          await db
            .updateTable("videos")
            .set({ status: VIDEO_READY, updated_at: nowIso() })
            .where("id", "=", video.id)
            .execute();
          continue;
        }
        if (current) await videoHost.deleteVideo(video.external_id);
      }
    }
    removed += await db.transaction().execute(async (trx) => {
      const result = await trx
        .deleteFrom("videos")
        .where("id", "=", video.id)
        .where("status", "!=", VIDEO_READY)
        .executeTakeFirst();
      const deleted = Number(result.numDeletedRows);
      if (deleted > 0) {
        await trx.updateTable("comments").set({ video_id: null }).where("video_id", "=", video.id).execute();
        await trx.updateTable("community_posts").set({ video_id: null }).where("video_id", "=", video.id).execute();
      }
      return deleted;
    });
  }
  return removed;
}

// Videos nothing points at any more: a comment's or a community post's video whose comment, post or topic was
// deleted (those deletions remove the rows in one transaction and leave the video, since its bytes cannot be
// removed inside a transaction), and a lecture's video whose lecture was deleted (videos.lecture_id is set null
// then, and the lecture's components went before it). A video is created together with what points at it
// (comment-video.ts, create-video.ts), so one left without a lecture, a comment and a post is garbage; the sweep
// still waits a day after its creation, as the unfinished-upload sweep does, so that nothing in flight is touched.
// The bytes go first (tus pieces and the stored file, or the video at the host), then the row, guarded by the same
// "nothing points at it" condition, so a run cut short finds the row again and machines may sweep at once.
import type { Db } from "#platform/db/connection.ts";
import { ABANDONED_UPLOAD_MS } from "./limits.ts";
import type { VideoUploadDeps } from "./media-deps.ts";
import { uploadId } from "./video-upload.ts";

const BATCH = 200;

function orphans(db: Db) {
  return db
    .selectFrom("videos as v")
    .where("v.lecture_id", "is", null)
    .where((eb) =>
      eb.not(
        eb.or([
          eb.exists(eb.selectFrom("comments as c").select("c.id").whereRef("c.video_id", "=", "v.id")),
          eb.exists(eb.selectFrom("community_posts as p").select("p.id").whereRef("p.video_id", "=", "v.id")),
        ]),
      ),
    );
}

/** Removes videos that nothing points at, created more than a day before `now`. Returns how many went. */
export async function removeOrphanedVideos(deps: VideoUploadDeps, options: { now?: Date } = {}): Promise<number> {
  const { db, storage, resumable, videoHost } = deps;
  const cutoff = new Date((options.now ?? new Date()).getTime() - ABANDONED_UPLOAD_MS).toISOString();
  const found = await orphans(db)
    .select(["v.id", "v.provider", "v.external_id", "v.storage_key"])
    .where("v.created_at", "<", cutoff)
    .orderBy("v.id")
    .limit(BATCH)
    .execute();
  let removed = 0;
  for (const video of found) {
    if (video.provider === "local") {
      await resumable.remove(uploadId(video.id));
      if (video.storage_key) await storage.delete(video.storage_key);
    } else if (video.external_id && videoHost?.provider === video.provider) {
      // Without the host configured any more its copy cannot be reached: the row goes all the same.
      if (await videoHost.getVideo(video.external_id)) await videoHost.deleteVideo(video.external_id);
    }
    const result = await db
      .deleteFrom("videos")
      .where("id", "in", orphans(db).select("v.id").where("v.id", "=", video.id))
      .executeTakeFirst();
    removed += Number(result.numDeletedRows);
  }
  return removed;
}

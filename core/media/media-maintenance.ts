// Periodic clean-up of media (the hourly media.maintenance schedule, core/media/jobs.ts): uploads that never
// finished within a day and their bytes are removed (pending uploads rows with the object at the key or, in
// a bucket, at incoming/ or checking/; tus pieces of lecture videos idle for a day; local videos that never
// got their file are marked failed), and hosted videos still processing long after their last news are
// re-checked at the host (hosted-video.ts). Every step is safe to run on several machines at once.
import { nowIso } from "#platform/db/connection.ts";
import { recheckHostedVideos } from "./hosted-video.ts";
import { ABANDONED_UPLOAD_MS } from "./limits.ts";
import type { VideoUploadDeps } from "./media-deps.ts";
import { checkingKey, incomingKey } from "./storage-keys.ts";
import { uploadId, VIDEO_FAILED, VIDEO_READY } from "./video-upload.ts";

export const MEDIA_MAINTENANCE_INTERVAL_MS = 60 * 60 * 1000;
const BATCH = 500;

export type CleanupReport = { uploads: number; resumable: number; videos: number };

export async function cleanAbandonedUploads(
  deps: VideoUploadDeps,
  options: { now?: Date } = {},
): Promise<CleanupReport> {
  const { db, storage, resumable } = deps;
  const cutoff = new Date((options.now ?? new Date()).getTime() - ABANDONED_UPLOAD_MS);

  const pending = await db
    .selectFrom("uploads")
    .select(["id", "storage_key"])
    .where("status", "=", "pending")
    .where("created_at", "<", cutoff.toISOString())
    .orderBy("id")
    .limit(BATCH)
    .execute();
  let uploads = 0;
  for (const upload of pending) {
    // The row last, so that a run cut short finds the bytes again next time.
    const keys = storage.uploadsArriveHere
      ? [upload.storage_key]
      : [incomingKey(upload.storage_key), checkingKey(upload.storage_key), upload.storage_key];
    for (const key of keys) await storage.delete(key);
    const result = await db
      .deleteFrom("uploads")
      .where("id", "=", upload.id)
      .where("status", "=", "pending")
      .executeTakeFirst();
    uploads += Number(result.numDeletedRows);
  }

  const removed = await resumable.removeIdleSince(cutoff);

  // Local videos created a day ago that never got their file and have nothing in progress.
  const waiting = await db
    .selectFrom("videos")
    .select(["id"])
    .where("provider", "=", "local")
    .where("status", "<", VIDEO_READY)
    .where("updated_at", "<", cutoff.toISOString())
    .limit(BATCH)
    .execute();
  let videos = 0;
  for (const video of waiting) {
    if (await resumable.get(uploadId(video.id))) continue;
    const result = await db
      .updateTable("videos")
      .set({ status: VIDEO_FAILED, updated_at: nowIso() })
      .where("id", "=", video.id)
      .where("status", "<", VIDEO_READY)
      .executeTakeFirst();
    videos += Number(result.numUpdatedRows);
  }
  return { uploads, resumable: removed.length, videos };
}

export type MaintenanceReport = CleanupReport & { rechecked: number };

export async function runMediaMaintenance(
  deps: VideoUploadDeps,
  options: { now?: Date } = {},
): Promise<MaintenanceReport> {
  const cleaned = await cleanAbandonedUploads(deps, options);
  const rechecked = await recheckHostedVideos(deps, options);
  return { ...cleaned, rechecked };
}

// The media domain's scheduled jobs: abandoned uploads removed and hosted videos re-checked
// (media-maintenance.ts), once an hour across all workers (and once as soon as a worker runs in an hour not yet
// done, e.g. at start-up); comments' videos never finished in a day, and videos whose comment, post or lecture
// was deleted, removed hourly too.
import { defineJob } from "#platform/jobs/define-job.ts";
import { defineSchedule, emptyPayload } from "#platform/jobs/schedule.ts";
import { sweepUnfinishedCommentVideos } from "./comment-video.ts";
import { MEDIA_MAINTENANCE_INTERVAL_MS, runMediaMaintenance } from "./media-maintenance.ts";
import { removeOrphanedVideos } from "./orphan-videos.ts";
import type { VideoUploadDeps } from "./media-deps.ts";

export const mediaMaintenanceJob = defineJob({
  name: "media.maintenance",
  payload: emptyPayload,
  handler:
    (deps: Omit<VideoUploadDeps, "db">) =>
    async (_payload, { db, log }) => {
      const report = await runMediaMaintenance({ ...deps, db });
      if (Object.values(report).some((count) => count > 0)) log.info(report, "media maintenance");
    },
});

export const mediaMaintenanceSchedule = defineSchedule({
  name: "media.maintenance",
  every: MEDIA_MAINTENANCE_INTERVAL_MS,
  job: mediaMaintenanceJob,
});

/**
 * Comments' videos never finished within a day are removed with what arrived of them (comment-video.ts), and so
 * are videos nothing points at any more (orphan-videos.ts). The clock is the composition root's (tests give their
 * own).
 */
export const commentVideoSweepJob = defineJob({
  name: "media.comment_video_sweep",
  payload: emptyPayload,
  handler:
    ({ now = () => new Date(), ...deps }: Omit<VideoUploadDeps, "db"> & { now?: () => Date }) =>
    async (_payload, { db, log }) => {
      const removed = await sweepUnfinishedCommentVideos({ ...deps, db }, { now: now() });
      if (removed > 0) log.info({ removed }, "unfinished comment videos removed");
      const orphaned = await removeOrphanedVideos({ ...deps, db }, { now: now() });
      if (orphaned > 0) log.info({ removed: orphaned }, "videos of deleted comments, posts and lectures removed");
    },
});

export const commentVideoSweepSchedule = defineSchedule({
  name: "media.comment_video_sweep",
  every: MEDIA_MAINTENANCE_INTERVAL_MS,
  job: commentVideoSweepJob,
});

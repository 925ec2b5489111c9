// The media domain's scheduled job: abandoned uploads removed and hosted videos re-checked
// (media-maintenance.ts), once an hour across all workers (and once as soon as a worker runs in an hour not yet
// done, e.g. at start-up).
import { defineJob } from "#platform/jobs/define-job.ts";
import { defineSchedule, emptyPayload } from "#platform/jobs/schedule.ts";
import { MEDIA_MAINTENANCE_INTERVAL_MS, runMediaMaintenance } from "./media-maintenance.ts";
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

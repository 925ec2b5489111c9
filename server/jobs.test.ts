// The one list of background work (server/jobs.ts): every job has a name the owner can read on /home/jobs in both
// languages, and every schedule runs a job that is in the list.
import { describe, expect, it } from "vitest";
import en from "#locales/en/jobs.json" with { type: "json" };
import pl from "#locales/pl/jobs.json" with { type: "json" };
import { registeredJobs, schedules } from "./jobs.ts";
import type { Services } from "./services.ts";

// Binding a handler only keeps its services for later: nothing is called, so stand-ins do.
const jobs = registeredJobs({ config: {} } as Services);

describe("server/jobs.ts", () => {
  it("labels every job type on /home/jobs in English and Polish", () => {
    for (const job of jobs) {
      const key = `type_${job.name.replace(/[^a-z0-9]/gi, "_")}`;
      expect((en as Record<string, string>)[key], `${key} (en)`).toBeTruthy();
      expect((pl as Record<string, string>)[key], `${key} (pl)`).toBeTruthy();
    }
  });

  it("registers the job of every schedule, once", () => {
    const names = jobs.map((job) => job.name);
    expect(new Set(names).size).toBe(names.length);
    for (const schedule of schedules) expect(names).toContain(schedule.job.name);
    expect(schedules.map((schedule) => [schedule.name, schedule.every])).toEqual([
      ["payments.recheck_pending", 60_000],
      ["memberships.renewals", 60_000],
      ["exams.close_expired", 60_000],
      ["memberships.notices", 60_000],
      ["learning.drip", 60_000],
      ["learning.access_endings", 3600_000],
      ["leads.purge_unconfirmed", 86_400_000],
      ["media.maintenance", 3600_000],
      ["media.comment_video_sweep", 3600_000],
      ["jobs.recover_stale", 60_000],
      ["jobs.delete_done", 3600_000],
    ]);
  });
});

// The leads' upkeep: unconfirmed double opt-ins whose link has expired are removed once a day
// (./purge-unconfirmed-leads.ts). The clock is injectable (`now`), so tests move time instead of waiting.
import { defineJob } from "#platform/jobs/define-job.ts";
import { defineSchedule, emptyPayload } from "#platform/jobs/schedule.ts";
import { purgeUnconfirmedLeads } from "./purge-unconfirmed-leads.ts";

export const LEADS_PURGE_MS = 24 * 60 * 60 * 1000;

export const purgeUnconfirmedLeadsJob = defineJob({
  name: "leads.purge_unconfirmed",
  payload: emptyPayload,
  handler:
    (deps: { now?: () => string } = {}) =>
    async (_payload, { db, log }) => {
      const { purged } = await purgeUnconfirmedLeads(db, deps.now?.());
      if (purged > 0) log.info({ purged }, "unconfirmed leads purged");
    },
});

export const purgeUnconfirmedLeadsSchedule = defineSchedule({
  name: "leads.purge_unconfirmed",
  every: LEADS_PURGE_MS,
  job: purgeUnconfirmedLeadsJob,
});

// Scheduled (periodic) jobs. Time is cut into slots of `every` ms counted from the Unix epoch (UTC): an every-minute
// schedule has the slot 12:03:00-12:03:59, an hourly one 12:00-12:59. Every worker's scheduler, on each poll, claims
// the slot it is in by enqueueing the schedule's job with the unique key `schedule:<name>:<slot start>` (queue.ts):
// the database lets exactly one insert through, so exactly one worker, on any process or machine, queues each slot,
// and the job then runs like any other (claimed by one worker, at least once). A worker only knows the slot it is
// in: slots that passed while no worker ran are not made up one by one; the first worker back claims its current
// slot, so missed work runs once. Decision 0012.
import { z } from "zod";
import type { Db } from "../db/connection.ts";
import type { JobDefinition, Logger } from "./define-job.ts";
import { enqueueJob } from "./queue.ts";

export type Schedule<P = any> = {
  readonly name: string;
  /** the slot length in ms (at least one second); slots start at multiples of it from the epoch, in UTC */
  readonly every: number;
  readonly job: JobDefinition<P>;
  /** the slot's job's payload; default {} */
  readonly payload?: (slot: { start: string }) => P;
  /** default 1: a failed slot is not retried, the next slot is the next try (and the failure shows on /home/jobs) */
  readonly maxAttempts?: number;
};

/** For jobs that take nothing: scheduled maintenance. */
export const emptyPayload = z.object({}).strict();

export function defineSchedule<P>(schedule: Schedule<P>): Schedule<P> {
  if (!Number.isInteger(schedule.every) || schedule.every < 1000) {
    throw new Error(`schedule '${schedule.name}': 'every' must be a whole number of ms, at least 1000`);
  }
  return schedule;
}

export function slotStart(every: number, now: number): number {
  return Math.floor(now / every) * every;
}

export function slotKey(name: string, start: number): string {
  return `schedule:${name}:${new Date(start).toISOString()}`;
}

export type Scheduler = {
  /** Claims the current slot of every schedule not yet seen in it; resolves with the slots this call claimed. */
  tick(): Promise<string[]>;
};

export function createScheduler(options: {
  db: Db;
  schedules: readonly Schedule[];
  log: Logger;
  now?: () => number;
}): Scheduler {
  const { db, schedules, log } = options;
  const now = options.now ?? Date.now;
  const names = new Set<string>();
  for (const schedule of schedules) {
    if (names.has(schedule.name)) throw new Error(`two schedules named '${schedule.name}'`);
    names.add(schedule.name);
  }
  // The slot each schedule was last seen claimed in (by this worker or another): one insert per slot and worker.
  const seen = new Map<string, number>();

  return {
    async tick() {
      const claimed: string[] = [];
      for (const schedule of schedules) {
        const time = now();
        const start = slotStart(schedule.every, time);
        if (seen.get(schedule.name) === start) continue;
        const key = slotKey(schedule.name, start);
        try {
          const startIso = new Date(start).toISOString();
          const { created } = await enqueueJob(db, schedule.job, schedule.payload?.({ start: startIso }) ?? {}, {
            key,
            runAt: new Date(time).toISOString(),
            maxAttempts: schedule.maxAttempts ?? 1,
          });
          seen.set(schedule.name, start);
          if (created) claimed.push(key);
        } catch (error) {
          // Tried again at the next tick.
          log.error(
            { schedule: schedule.name, error: error instanceof Error ? error.message : String(error) },
            "could not claim a schedule's slot",
          );
        }
      }
      return claimed;
    },
  };
}

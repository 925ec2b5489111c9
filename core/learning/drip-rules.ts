// Drip release (issue 17, item 4), pure so that it is unit-tested with a fake clock: when a section's or a
// lecture's rule opens it for one student, and whether a lecture is still locked. A rule is "N days after the
// student's access began" (the same wall-clock time N days later in the school's time zone, so a change of the
// clocks does not move it by an hour) or "at an instant" (typed on the school's clock, stored UTC). A lecture
// opens at the later of its section's unlock and its own. Admins (not previewing) are never held back; an
// admin's student preview counts the days from now, as for a student who bought the course this moment.
import { addZonedDays } from "#platform/i18n/time-zone.ts";

export type DripRule = { drip_days: number | null; drip_at: string | null };

export const DRIP_DAYS_MIN = 1;
export const DRIP_DAYS_MAX = 3650;

/** No rule: open from the start. */
export const OPEN = Number.NEGATIVE_INFINITY;
/** A days rule for someone whose access has not begun: opens only once they have access, days after it. */
export const AFTER_ACCESS = Number.POSITIVE_INFINITY;

export function hasDrip(rule: DripRule): boolean {
  return rule.drip_days !== null || rule.drip_at !== null;
}

/** When one rule opens (epoch ms), for a student whose access began at `accessStart` (null: it has not). */
export function ruleUnlockMs(rule: DripRule, accessStart: string | null, timeZone: string): number {
  let unlock = OPEN;
  if (rule.drip_at !== null) unlock = Date.parse(rule.drip_at);
  if (rule.drip_days !== null) {
    const byDays =
      accessStart === null ? AFTER_ACCESS : Date.parse(addZonedDays(accessStart, rule.drip_days, timeZone));
    unlock = Math.max(unlock, byDays);
  }
  return unlock;
}

/** A lecture opens at the later of its section's unlock and its own. */
export function lectureUnlockMs(
  section: DripRule,
  lecture: DripRule,
  accessStart: string | null,
  timeZone: string,
): number {
  return Math.max(ruleUnlockMs(section, accessStart, timeZone), ruleUnlockMs(lecture, accessStart, timeZone));
}

export type DripState = { locked: false } | { locked: true; availableAt: string | null };

/** Whether a lecture is still locked at `now`, and when it opens (null: days after the access begins). */
export function dripState(unlockMs: number, now: string): DripState {
  if (unlockMs <= Date.parse(now)) return { locked: false };
  return { locked: true, availableAt: Number.isFinite(unlockMs) ? new Date(unlockMs).toISOString() : null };
}

/** Who the drip holds back: admins see every lecture; a preview counts from now (a student who buys now). */
export function dripAccessStart(
  viewer: { isAdmin: boolean; preview: boolean },
  accessStart: string | null,
  now: string,
): string | null | "exempt" {
  if (viewer.isAdmin) return "exempt";
  if (viewer.preview) return now;
  return accessStart;
}

/** The drip state of a lecture for a viewer: `exempt` viewers are never locked. */
export function lectureDrip(
  rules: { section: DripRule; lecture: DripRule },
  start: string | null | "exempt",
  timeZone: string,
  now: string,
): DripState {
  if (start === "exempt") return { locked: false };
  return dripState(lectureUnlockMs(rules.section, rules.lecture, start, timeZone), now);
}

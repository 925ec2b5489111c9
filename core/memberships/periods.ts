// Membership periods and which statuses open what (issue 15, items 3-4). Pure: shared by the pages and the server.
import type { MembershipStatus, PlanPeriod } from "#platform/db/schema.ts";

export const PLAN_PERIODS = [1, 3, 6, 12, -1] as const satisfies readonly PlanPeriod[];
export const LIFETIME = -1;

/** Statuses that keep access while the period runs (canceled: only until its end). */
export const ACCESS_STATUSES = ["active", "at_risk", "past_due", "canceled"] as const satisfies MembershipStatus[];

/** Retries of a failed renewal, in days after the first failure; after the last one the membership expires. */
export const RETRY_DAYS = [1, 3, 5, 7] as const;

const DAY_MS = 86_400_000;

/**
 * `months` calendar months after `start` (UTC), the day of the month kept where it exists, else the month's last
 * day: a membership started on 31 January renews on 28 (29) February, then on 31 March.
 */
export function addMonths(startIso: string, months: number, anchorDay?: number): string {
  const start = new Date(startIso);
  const day = anchorDay ?? start.getUTCDate();
  const target = new Date(start);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString();
}

export function addDays(startIso: string, days: number): string {
  return new Date(Date.parse(startIso) + days * DAY_MS).toISOString();
}

/** Whether a membership in this state opens its plan's content at `now`. */
export function membershipOpens(
  membership: { status: MembershipStatus; current_period_end: string | null },
  now: string,
): boolean {
  switch (membership.status) {
    case "active":
    case "at_risk":
    case "past_due":
      return true;
    case "canceled":
      return membership.current_period_end !== null && membership.current_period_end > now;
    default:
      return false;
  }
}

/**
 * When a failed renewal is tried again: the retries are counted from the first failure (+1, +3, +5, +7 days);
 * null once they are used up (the membership expires).
 */
export function nextRetryAt(firstFailureIso: string, failedAttempts: number): string | null {
  const days = RETRY_DAYS[failedAttempts - 1];
  return days === undefined ? null : addDays(firstFailureIso, days);
}

/**
 * Whether a card stops working before a charge due at `chargeAt`: a card is valid through the last day of its
 * expiry month (UTC). Such a membership is at risk (issue 15, item 4). No card known: not at risk.
 */
export function cardExpiresBefore(
  card: { card_exp_month: number | null; card_exp_year: number | null },
  chargeAt: string | null,
): boolean {
  if (!card.card_exp_month || !card.card_exp_year || chargeAt === null) return false;
  const validUntil = new Date(Date.UTC(card.card_exp_year, card.card_exp_month, 1)).toISOString();
  return validUntil <= chargeAt;
}

// The membership mails that time brings (issue 15, item 4), found by the memberships.notices schedule with an
// injectable `now`: dunning (the first failure, the third day's failed retry, the final warning before the last
// retry), a charge 7 days ahead, a trial ending 3 days ahead, and a card expiring 30 and 7 days ahead. Each query
// reads only memberships in the state concerned (indexed by status and period end, or by card expiry), and each
// mail goes once (queue-membership-notice.ts).
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { LIFETIME, RETRY_DAYS, addDays } from "../periods.ts";
import { type Notice, queueMembershipNotice } from "./queue-membership-notice.ts";
import { renewalAmount } from "../retention.ts";

export const NOTICE_SCAN_BATCH = 1000;
export const CHARGE_NOTICE_DAYS = 7;
export const TRIAL_NOTICE_DAYS = 3;
export const CARD_NOTICE_DAYS = [30, 7] as const;
/** The retry whose failure brings the third day's mail (+1 is the 2nd attempt, +3 the 3rd). */
const DAY3_ATTEMPTS = 3;

/** The first instant after the card's expiry month (a card is valid through its month's last day, UTC). */
export function cardValidUntil(month: number, year: number): string {
  return new Date(Date.UTC(year, month, 1)).toISOString();
}

/** Which card-expiry mail is due at `now` for a card valid until `until`: the 7-day one within 7 days. */
export function cardNoticeDue(until: string, now: string): "card_expiring_30" | "card_expiring_7" | null {
  if (now >= until) return null;
  if (now >= addDays(until, -7)) return "card_expiring_7";
  if (now >= addDays(until, -30)) return "card_expiring_30";
  return null;
}

async function dunningNotices(db: Db): Promise<Notice[]> {
  const failed = await db
    .selectFrom("membership_charges as c")
    .innerJoin("memberships as m", "m.id", "c.membership_id")
    .select(["c.membership_id", "c.period_number", "c.attempts", "c.next_retry_at", "c.amount_cents"])
    .where("m.status", "=", "past_due")
    .where("c.status", "=", "failed")
    .where("c.next_retry_at", "is not", null)
    .orderBy("c.id")
    .limit(NOTICE_SCAN_BATCH)
    .execute();
  return failed.flatMap((c) => {
    const base = { membershipId: c.membership_id, ref: String(c.period_number), date: c.next_retry_at };
    const notices: Notice[] = [{ ...base, kind: "renewal_failed", amountCents: c.amount_cents }];
    if (c.attempts >= DAY3_ATTEMPTS) notices.push({ ...base, kind: "dunning_day3", amountCents: c.amount_cents });
    // The next retry is the last one: after it the membership expires.
    if (c.attempts >= RETRY_DAYS.length) notices.push({ ...base, kind: "dunning_final", amountCents: c.amount_cents });
    return notices;
  });
}

async function upcomingChargeNotices(db: Db, now: string): Promise<Notice[]> {
  const rows = await db
    .selectFrom("memberships")
    .select(["id", "period_number", "current_period_end", "price_cents", "discount_percent", "discount_until_period"])
    .where("status", "in", ["active", "at_risk"])
    .where("period_months", "!=", LIFETIME)
    .where("period_number", ">=", 1)
    .where("current_period_end", ">", now)
    .where("current_period_end", "<=", addDays(now, CHARGE_NOTICE_DAYS))
    .limit(NOTICE_SCAN_BATCH)
    .execute();
  return rows.map((m) => ({
    membershipId: m.id,
    kind: "charge_upcoming" as const,
    ref: String(m.period_number + 1),
    date: m.current_period_end,
    // A retention discount lowers the announced charge as it lowers the charge itself.
    amountCents: renewalAmount(m, m.period_number + 1),
  }));
}

async function trialNotices(db: Db, now: string): Promise<Notice[]> {
  const rows = await db
    .selectFrom("memberships")
    .select(["id", "trial_ends_at", "price_cents"])
    .where("status", "in", ["active", "at_risk"])
    .where("period_number", "=", 0)
    .where("current_period_end", ">", now)
    .where("current_period_end", "<=", addDays(now, TRIAL_NOTICE_DAYS))
    .where("trial_ends_at", "is not", null)
    .limit(NOTICE_SCAN_BATCH)
    .execute();
  return rows.map((m) => ({
    membershipId: m.id,
    kind: "trial_ending" as const,
    ref: "0",
    date: m.trial_ends_at,
    amountCents: m.price_cents,
  }));
}

async function cardNotices(db: Db, now: string): Promise<Notice[]> {
  // Cards valid until within 30 days expire this month or next (UTC).
  const today = new Date(now);
  const months = [0, 1].map((ahead) => {
    const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + ahead, 1));
    return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 };
  });
  const rows = await db
    .selectFrom("memberships")
    .select(["id", "card_exp_month", "card_exp_year"])
    .where((eb) =>
      eb.or(months.map((m) => eb.and([eb("card_exp_year", "=", m.year), eb("card_exp_month", "=", m.month)]))),
    )
    .where("status", "in", ["active", "at_risk", "past_due"])
    .where("period_months", "!=", LIFETIME)
    .limit(NOTICE_SCAN_BATCH)
    .execute();
  return rows.flatMap((m) => {
    const until = cardValidUntil(m.card_exp_month!, m.card_exp_year!);
    const kind = cardNoticeDue(until, now);
    return kind ? [{ membershipId: m.id, kind, ref: `${m.card_exp_year}-${m.card_exp_month}`, date: until }] : [];
  });
}

export async function scanMembershipNotices(db: Db, now = nowIso()): Promise<{ queued: number }> {
  const notices = [
    ...(await dunningNotices(db)),
    ...(await upcomingChargeNotices(db, now)),
    ...(await trialNotices(db, now)),
    ...(await cardNotices(db, now)),
  ];
  let queued = 0;
  for (const notice of notices) if (await queueMembershipNotice(db, notice, now)) queued += 1;
  return { queued };
}

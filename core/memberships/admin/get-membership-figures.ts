// The memberships' figures on /home/memberships (issue 15, item 8): members with access now; MRR (the monthly
// gross of memberships that keep renewing or have not ended yet: active, at risk, past due, canceled until the
// period ends; a 12-month plan counts its price / 12, lifetime none); churn by month (memberships that ended in
// the month / those live at its start); the cancellation survey's reasons; and revenue recovered by dunning
// (charges paid after at least one failed attempt). Months are the school's, in its time zone.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import type { CancellationReason } from "#platform/db/schema.ts";
import { utcToZoned, zonedToUtc } from "#platform/i18n/time-zone.ts";
import { type Actor, authorize } from "../../shared/actor.ts";
import { LIFETIME } from "../periods.ts";
import { canManageMembers } from "../policies.ts";

export const CHURN_MONTHS = 6;

export type MoneyFigure = { currency: string; amount_cents: number };
export type ChurnMonth = { month: string; active_at_start: number; ended: number; rate: number | null };

export type MembershipFigures = {
  active_members: number;
  mrr: MoneyFigure[];
  churn: ChurnMonth[];
  reasons: { reason: CancellationReason; count: number }[];
  recovered: (MoneyFigure & { charges: number })[];
};

/** "YYYY-MM" `offset` months after the month `label`. */
function shiftMonth(label: string, offset: number): string {
  const index = Number(label.slice(0, 4)) * 12 + Number(label.slice(5, 7)) - 1 + offset;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/**
 * The school's last `count` months up to the current one (oldest first), each with its first instant (UTC) in
 * `zone`, followed by the next month's start, which closes the current month's window.
 */
export function monthStarts(now: string, zone: string, count: number): { month: string; start: string }[] {
  const current = utcToZoned(now, zone).slice(0, 7);
  return Array.from({ length: count + 1 }, (_, i) => {
    const month = shiftMonth(current, i - count + 1);
    return { month, start: zonedToUtc(`${month}-01T00:00`, zone)! };
  });
}

function liveAt(db: Db, now: string) {
  return db
    .selectFrom("memberships")
    .where((eb) =>
      eb.or([
        eb("status", "in", ["active", "at_risk", "past_due"]),
        eb.and([eb("status", "=", "canceled"), eb("current_period_end", ">", now)]),
      ]),
    );
}

export async function getMembershipFigures(
  db: Db,
  actor: Actor,
  options: { timeZone?: string; now?: string } = {},
): Promise<MembershipFigures> {
  authorize(actor, canManageMembers(actor));
  const now = options.now ?? nowIso();
  const zone = options.timeZone ?? "UTC";
  const [active, perPeriod, reasons, recovered] = await Promise.all([
    liveAt(db, now)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
    liveAt(db, now)
      .select(["currency", "period_months", (eb) => eb.fn.sum<number>("price_cents").as("cents")])
      .where("period_months", "!=", LIFETIME)
      .groupBy(["currency", "period_months"])
      .execute(),
    db
      .selectFrom("membership_cancellations")
      .select(["reason", (eb) => eb.fn.countAll<number>().as("n")])
      .where("reason", "is not", null)
      .groupBy("reason")
      .execute(),
    db
      .selectFrom("membership_charges")
      .select([
        "currency",
        (eb) => eb.fn.sum<number>("amount_cents").as("cents"),
        (eb) => eb.fn.countAll<number>().as("n"),
      ])
      .where("status", "=", "succeeded")
      .where("attempts", ">", 1)
      .groupBy("currency")
      .execute(),
  ]);

  const mrr = new Map<string, number>();
  for (const row of perPeriod)
    mrr.set(row.currency, (mrr.get(row.currency) ?? 0) + Number(row.cents) / Number(row.period_months));

  const months = monthStarts(now, zone, CHURN_MONTHS);
  const churn: ChurnMonth[] = [];
  for (let i = 0; i < months.length - 1; i++) {
    const start = months[i]!.start;
    const end = months[i + 1]!.start;
    const [live, ended] = await Promise.all([
      db
        .selectFrom("memberships")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("started_at", "is not", null)
        .where("created_at", "<", start)
        .where((eb) => eb.or([eb("ended_at", "is", null), eb("ended_at", ">=", start)]))
        .executeTakeFirstOrThrow(),
      db
        .selectFrom("memberships")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("started_at", "is not", null)
        .where("status", "in", ["finished", "expired"])
        .where("ended_at", ">=", start)
        .where("ended_at", "<", end)
        .executeTakeFirstOrThrow(),
    ]);
    const activeAtStart = Number(live.n);
    const endedCount = Number(ended.n);
    churn.push({
      month: months[i]!.month,
      active_at_start: activeAtStart,
      ended: endedCount,
      rate: activeAtStart > 0 ? endedCount / activeAtStart : null,
    });
  }

  return {
    active_members: Number(active.n),
    mrr: [...mrr].map(([currency, cents]) => ({ currency, amount_cents: Math.round(cents) })),
    churn,
    reasons: reasons
      .map((row) => ({ reason: row.reason as CancellationReason, count: Number(row.n) }))
      .sort((a, b) => b.count - a.count),
    recovered: recovered.map((row) => ({
      currency: row.currency,
      amount_cents: Number(row.cents),
      charges: Number(row.n),
    })),
  };
}

// The EU Omnibus rule: next to a reduced price, show the lowest price that applied during the 30 days before the
// reduction started. The price history (course_price_changes) holds a snapshot of a course's prices at every
// change; the price that applied at a moment is the promo price of the latest snapshot when its promotion ran
// then, otherwise that snapshot's regular price. Between two moments where something changes (a snapshot, a
// promotion's start or end) the price is constant, so the lowest price over the window is the lowest of the
// prices at those moments. Pure.
import { type CoursePriceFields, priceAt } from "./course-price.ts";

export const OMNIBUS_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export type PriceSnapshot = CoursePriceFields & { changed_at: string };

function byChangedAt(history: readonly PriceSnapshot[]): PriceSnapshot[] {
  // Stable: two snapshots at the same moment keep their order (the later row wins).
  return history
    .map((snapshot, index) => ({ snapshot, index }))
    .sort((a, b) =>
      a.snapshot.changed_at < b.snapshot.changed_at
        ? -1
        : a.snapshot.changed_at > b.snapshot.changed_at
          ? 1
          : a.index - b.index,
    )
    .map(({ snapshot }) => snapshot);
}

/** The snapshot in force at `at`: the last one changed at or before it. */
function snapshotAt(sorted: readonly PriceSnapshot[], at: string): PriceSnapshot | undefined {
  let found: PriceSnapshot | undefined;
  for (const snapshot of sorted) {
    if (snapshot.changed_at <= at) found = snapshot;
    else break;
  }
  return found;
}

/**
 * The lowest price that applied in the 30 days before `promoStartsAt` (the current promotion itself excluded).
 * Moments before the first snapshot are unknown and left out; with no snapshot before the promotion started at
 * all, the course's regular price (`fallbackCents`) is the answer.
 */
export function lowestPriceIn30Days(
  history: readonly PriceSnapshot[],
  promoStartsAt: string,
  fallbackCents: number,
): number {
  const end = promoStartsAt;
  const start = new Date(new Date(end).getTime() - OMNIBUS_DAYS * DAY_MS).toISOString();
  const sorted = byChangedAt(history).filter((s) => s.changed_at < end);
  const inWindow = (moment: string | null): moment is string => moment !== null && moment > start && moment < end;
  const moments = new Set<string>([start]);
  for (const snapshot of sorted) {
    for (const moment of [snapshot.changed_at, snapshot.promo_starts_at, snapshot.promo_ends_at]) {
      if (inWindow(moment)) moments.add(moment);
    }
  }
  let lowest: number | undefined;
  for (const moment of moments) {
    const snapshot = snapshotAt(sorted, moment);
    if (!snapshot) continue;
    const price = priceAt(snapshot, moment);
    if (lowest === undefined || price < lowest) lowest = price;
  }
  return lowest ?? fallbackCents;
}

/**
 * When the course's current promotion began: its start date, or, for a promotion without one, the moment the
 * history first shows the current promo price without a start date (it applied from then on); `now` otherwise.
 */
export function currentPromoStart(course: CoursePriceFields, history: readonly PriceSnapshot[], now: string): string {
  if (course.promo_starts_at !== null) return course.promo_starts_at;
  let since: string | undefined;
  for (const snapshot of byChangedAt(history).filter((s) => s.changed_at <= now)) {
    const same = snapshot.promo_price_cents === course.promo_price_cents && snapshot.promo_starts_at === null;
    if (!same) since = undefined;
    else since ??= snapshot.changed_at;
  }
  return since ?? now;
}

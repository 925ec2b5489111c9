// The school's time zone: which IANA names are valid, and the conversion between a wall-clock time in a zone
// ("2026-01-15T18:00", as a datetime-local input holds it) and the UTC instant stored. Pure: used by the server
// and the browser. Intl does the zone arithmetic (its tz data comes with Node and the browser).

/** Every zone the runtime knows, plus "UTC" (Intl.supportedValuesOf leaves it out). */
export function timeZoneNames(): string[] {
  return ["UTC", ...Intl.supportedValuesOf("timeZone")];
}

let known: Set<string> | undefined;

export function isTimeZone(name: string): boolean {
  known ??= new Set(timeZoneNames());
  return known.has(name);
}

const partFormats = new Map<string, Intl.DateTimeFormat>();

function partsFormat(zone: string): Intl.DateTimeFormat {
  let format = partFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    partFormats.set(zone, format);
  }
  return format;
}

/** The wall clock in `zone` at `instant`, read as if it were UTC (ms): the zone's offset is the difference. */
function wallClockMs(instant: number, zone: string): number {
  const parts: Record<string, number> = {};
  for (const part of partsFormat(zone).formatToParts(instant)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

function offsetMs(instant: number, zone: string): number {
  return wallClockMs(instant - (instant % 1000), zone) - (instant - (instant % 1000));
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * "YYYY-MM-DDTHH:mm" on the wall clock of `zone` as ISO-8601 UTC text, or null when it is not such a time.
 * Around a change of the clocks it resolves as Temporal's "compatible" does: a time that happens twice (autumn)
 * is the first one; a time the clocks skip (spring) is moved forward by the gap (02:30 -> 03:30).
 */
export function zonedToUtc(local: string, zone: string): string | null {
  const match = LOCAL.exec(local);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match;
  const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0));
  if (Number.isNaN(wall)) return null;
  const before = offsetMs(wall - DAY_MS, zone);
  const after = offsetMs(wall + DAY_MS, zone);
  const candidates = [wall - before, wall - after].filter((instant) => wallClockMs(instant, zone) === wall);
  // None matches: the clocks skipped this time; the offset in force before the change moves it forward.
  const instant = candidates.length > 0 ? Math.min(...candidates) : wall - before;
  return new Date(instant).toISOString();
}

/** An instant (ISO text) as "YYYY-MM-DDTHH:mm" on the wall clock of `zone` (a datetime-local input's value). */
export function utcToZoned(iso: string, zone: string): string {
  const instant = Date.parse(iso);
  if (Number.isNaN(instant)) return "";
  return new Date(wallClockMs(instant, zone)).toISOString().slice(0, 16);
}

/**
 * `days` calendar days after an instant on the wall clock of `zone`: the same local time that many days later,
 * so across a change of the clocks the gap is 23 or 25 hours, not 24 (a skipped time moves forward).
 */
export function addZonedDays(iso: string, days: number, zone: string): string {
  const instant = Date.parse(iso);
  if (Number.isNaN(instant)) return iso;
  const whole = instant - (instant % 1000);
  const wall = new Date(wallClockMs(whole, zone) + days * DAY_MS).toISOString().slice(0, 19);
  const moved = zonedToUtc(wall, zone) ?? new Date(whole + days * DAY_MS).toISOString();
  return new Date(Date.parse(moved) + (instant % 1000)).toISOString();
}

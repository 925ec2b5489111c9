// The countdown's arithmetic (spec §2): four boxes (days, hours, minutes, seconds) that stop at zeros once the end
// has passed; days are hidden when zero, and hours too when both are zero. It ticks every second (§9). Pure: the
// time is always given (the page's clock in the browser, a fixed one in tests).

export const COUNTDOWN_TICK_MS = 1000;

export type CountdownUnit = "days" | "hours" | "minutes" | "seconds";

export type CountdownParts = Record<CountdownUnit, number> & { expired: boolean };

/** What is left until endsAt at the moment now (both epoch ms); zeros and expired once it has passed. */
export function countdownParts(endsAt: number, now: number): CountdownParts {
  const left = Math.max(0, Math.floor((endsAt - now) / 1000));
  return {
    days: Math.floor(left / 86_400),
    hours: Math.floor((left % 86_400) / 3600),
    minutes: Math.floor((left % 3600) / 60),
    seconds: left % 60,
    expired: left === 0,
  };
}

/** The boxes shown: days only when there are some, hours only when there are days or hours. */
export function visibleUnits(parts: CountdownParts): CountdownUnit[] {
  if (parts.days > 0) return ["days", "hours", "minutes", "seconds"];
  if (parts.hours > 0) return ["hours", "minutes", "seconds"];
  return ["minutes", "seconds"];
}

/** Milliseconds until the next whole second changes the display (so ticks stay on the second). */
export function nextTickIn(endsAt: number, now: number): number {
  const rest = (endsAt - now) % COUNTDOWN_TICK_MS;
  return rest > 0 ? rest : COUNTDOWN_TICK_MS;
}

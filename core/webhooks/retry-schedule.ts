// The Standard Webhooks retry schedule: the first attempt at once, then after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h
// and 10 h: eight attempts over about 27.5 hours, after which the delivery has failed.
const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;

export const RETRY_DELAYS_MS = [5 * second, 5 * minute, 30 * minute, 2 * hour, 5 * hour, 10 * hour, 10 * hour];

export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** The wait after the `attempt`-th failed attempt (1-based), or null when it was the last one. */
export function retryDelayMs(attempt: number): number | null {
  return RETRY_DELAYS_MS[attempt - 1] ?? null;
}

/** An endpoint with no successful attempt for this long is switched off when one more delivery fails for good. */
export const DISABLE_AFTER_FAILING_MS = 5 * 24 * hour;

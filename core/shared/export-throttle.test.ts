import { describe, expect, it } from "vitest";
import { isAppError } from "#core/errors.ts";
import { createExportThrottle } from "./export-throttle.ts";

/** The rate limiter's behaviour: the first point per key passes, the next ones reject with the state. */
function fakeLimiter() {
  const taken = new Set<string>();
  return {
    keys: taken,
    async consume(key: string) {
      if (taken.has(key)) throw { msBeforeNext: 42_500, consumedPoints: 2 };
      taken.add(key);
      return {};
    },
  };
}

describe("the one-export-per-minute throttle", () => {
  it("lets each admin export once, then answers 429 with the seconds to wait", async () => {
    const limiter = fakeLimiter();
    const throttle = createExportThrottle(limiter);
    await throttle.take(1);
    await throttle.take(2);
    const refused = await throttle.take(1).catch((error: unknown) => error);
    expect(isAppError(refused)).toBe(true);
    if (!isAppError(refused)) return;
    expect(refused.status).toBe(429);
    expect(refused.messageKey).toBe("transactions:export_throttled");
    expect(refused.retryAfterSeconds).toBe(43);
  });

  it("passes a store failure on instead of calling it a throttle", async () => {
    const throttle = createExportThrottle({ consume: () => Promise.reject(new Error("database is gone")) });
    await expect(throttle.take(1)).rejects.toThrow("database is gone");
  });
});

// Failed-login throttling: at most N failures a minute for one e-mail from one address, and a per-address
// ceiling per hour. Password resets are not throttled by it, so the owner is never kept out of a reset.
// The limiter store is the database (SQLite or PostgreSQL), so every process shares it.
import { AppError } from "../errors.ts";

export type Limiter = {
  get(key: string): Promise<{ consumedPoints: number; msBeforeNext: number } | null>;
  consume(key: string): Promise<unknown>;
  delete(key: string): Promise<unknown>;
  points: number;
};

export type LoginThrottle = {
  assertAllowed(email: string, ip: string): Promise<void>;
  recordFailure(email: string, ip: string): Promise<void>;
  recordSuccess(email: string, ip: string): Promise<void>;
};

export function createLoginThrottle(limiters: { perAccountAndIp: Limiter; perIp: Limiter }): LoginThrottle {
  const accountKey = (email: string, ip: string) => `login:${email.toLowerCase()}|${ip}`;
  const ipKey = (ip: string) => `login-ip:${ip}`;

  async function blockedFor(limiter: Limiter, key: string): Promise<number> {
    const state = await limiter.get(key);
    if (state && state.consumedPoints >= limiter.points) return Math.max(1, Math.ceil(state.msBeforeNext / 1000));
    return 0;
  }

  async function consume(limiter: Limiter, key: string): Promise<void> {
    // consume() rejects once the limit is passed; the next check answers 429, so the rejection is expected.
    await limiter.consume(key).catch(() => undefined);
  }

  return {
    async assertAllowed(email, ip) {
      const seconds = Math.max(
        await blockedFor(limiters.perAccountAndIp, accountKey(email, ip)),
        await blockedFor(limiters.perIp, ipKey(ip)),
      );
      if (seconds > 0) {
        throw new AppError("throttled", {
          messageKey: "accounts:too_many_attempts",
          values: { seconds },
          retryAfterSeconds: seconds,
        });
      }
    },
    async recordFailure(email, ip) {
      await consume(limiters.perAccountAndIp, accountKey(email, ip));
      await consume(limiters.perIp, ipKey(ip));
    },
    async recordSuccess(email, ip) {
      await limiters.perAccountAndIp.delete(accountKey(email, ip));
    },
  };
}

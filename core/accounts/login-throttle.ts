// Password-guess throttling. Every attempt is counted before its password is hashed (consume first) and given
// back when it succeeds (refund), so parallel guesses cannot all pass the check before any failure is counted.
// Limits: N attempts a minute for one e-mail from one address, a per-address ceiling per hour, a per-account
// ceiling per hour whatever the address (guesses spread over many addresses), and N current-password checks a
// minute per user in the account settings. The per-account ceiling can block the owner too while an attack
// lasts; a password reset by e-mail is never throttled by it and clears it (resetPassword).
// The limiters' store is the database (SQLite or PostgreSQL), where rate-limiter-flexible's consume is atomic
// and every process shares the counts.
import { AppError } from "../errors.ts";

/** The part of a rate-limiter-flexible limiter used here: consume rejects with {msBeforeNext} once spent. */
export type Limiter = {
  consume(key: string, points?: number): Promise<unknown>;
  reward(key: string, points?: number): Promise<unknown>;
  delete(key: string): Promise<unknown>;
};

export type LoginLimiters = { perAccountAndIp: Limiter; perIp: Limiter; perAccount: Limiter; currentPassword: Limiter };

export type ThrottledBy = keyof LoginLimiters;

export type LoginThrottle = {
  /** Counts one login attempt; 429 (AppError 'throttled', with `throttledBy`) when a limit is passed. */
  takeLoginAttempt(email: string, ip: string): Promise<void>;
  /** Gives a successful attempt back, so that only failures add up. */
  refundLoginAttempt(email: string, ip: string): Promise<void>;
  /** After a password reset: the account starts afresh (from every address for the per-account count). */
  clearAccount(email: string, ip: string): Promise<void>;
  /** Counts one current-password check of the account settings. */
  takePasswordCheck(userId: number): Promise<void>;
  refundPasswordCheck(userId: number): Promise<void>;
};

export class ThrottledError extends AppError {
  readonly throttledBy: ThrottledBy;
  constructor(throttledBy: ThrottledBy, seconds: number) {
    super("throttled", { messageKey: "accounts:too_many_attempts", values: { seconds }, retryAfterSeconds: seconds });
    this.throttledBy = throttledBy;
  }
}

const normal = (email: string) => email.trim().toLowerCase();

export function createLoginThrottle(limiters: LoginLimiters): LoginThrottle {
  const keys = (email: string, ip: string) =>
    [
      ["perAccountAndIp", `login:${normal(email)}|${ip}`],
      ["perIp", `login-ip:${ip}`],
      ["perAccount", `login-account:${normal(email)}`],
    ] as const;

  /** Consumes one point from each limiter; when any is spent, throws with the longest wait among them. */
  async function take(entries: readonly (readonly [ThrottledBy, string])[]): Promise<void> {
    const outcomes = await Promise.all(
      entries.map(async ([name, key]) => {
        try {
          await limiters[name].consume(key);
          return null;
        } catch (rejection) {
          // rate-limiter-flexible rejects with its state when the points are spent, or with an Error (store).
          if (rejection instanceof Error) throw rejection;
          const ms = Number((rejection as { msBeforeNext?: number }).msBeforeNext ?? 60_000);
          return { name, seconds: Math.max(1, Math.ceil(ms / 1000)) };
        }
      }),
    );
    const spent = outcomes.filter((outcome) => outcome !== null).sort((a, b) => b.seconds - a.seconds)[0];
    if (spent) throw new ThrottledError(spent.name, spent.seconds);
  }

  async function refund(entries: readonly (readonly [ThrottledBy, string])[]): Promise<void> {
    await Promise.all(entries.map(([name, key]) => limiters[name].reward(key, 1)));
  }

  const passwordCheckKey = (userId: number) => [["currentPassword", `current-password:${userId}`]] as const;

  return {
    takeLoginAttempt: (email, ip) => take(keys(email, ip)),
    refundLoginAttempt: (email, ip) => refund(keys(email, ip)),
    async clearAccount(email, ip) {
      const [accountAndIp, , account] = keys(email, ip);
      await Promise.all([limiters.perAccountAndIp.delete(accountAndIp[1]), limiters.perAccount.delete(account[1])]);
    },
    takePasswordCheck: (userId) => take(passwordCheckKey(userId)),
    refundPasswordCheck: (userId) => refund(passwordCheckKey(userId)),
  };
}

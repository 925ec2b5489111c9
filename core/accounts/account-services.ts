import type { Db } from "#platform/db/connection.ts";
import type { LoginThrottle } from "./login-throttle.ts";
import type { ScryptParams } from "./passwords.ts";

/** What the account use-cases need, built once in the composition root (server/services.ts). */
export type AccountServices = {
  db: Db;
  throttle: LoginThrottle;
  sessionDays: number;
  /** scrypt cost for new hashes (PASSWORD_SCRYPT_N); a weaker stored hash is rehashed at the next login */
  hashing: ScryptParams;
  /** the server's secret key: keys the e-mail tags in the logs and derives the reset links' tokens */
  secret: Buffer;
};

/** Where the account use-cases write their security events (request.log: pino through Fastify). */
export type EventLog = {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
};

/** The browser behind a request: its address (request.ip), its user agent and the request's log. */
export type Client = { ip: string; userAgent: string; log?: EventLog };

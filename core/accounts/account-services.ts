import type { Db } from "#platform/db/connection.ts";
import type { LoginThrottle } from "./login-throttle.ts";

/** What the account use-cases need, built once in the composition root (server/compose.ts). */
export type AccountServices = {
  db: Db;
  throttle: LoginThrottle;
  sessionDays: number;
};

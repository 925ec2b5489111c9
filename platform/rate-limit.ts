// Rate limiters kept in the database in use, so that every process of the school shares the counts.
import { RateLimiterPostgres, RateLimiterSQLite } from "rate-limiter-flexible";
import type { DbHandle } from "./db/connection.ts";

export type LimiterOptions = {
  keyPrefix: string;
  points: number;
  duration: number;
  /**
   * Once a key has used this many points, this process refuses it from memory until its window ends, so that a
   * client hammering past its limit costs no database write per request (rate-limiter-flexible's option).
   */
  inMemoryBlockOnConsumed?: number;
};

export async function createLimiter(handle: DbHandle, options: LimiterOptions) {
  const common = { ...options, tableName: "rate_limits" };
  if (handle.driver.kind === "sqlite") {
    return new RateLimiterSQLite({ ...common, storeClient: handle.driver.client, storeType: "better-sqlite3" });
  }
  const client = handle.driver.client;
  return new Promise<RateLimiterPostgres>((resolve, reject) => {
    const limiter: RateLimiterPostgres = new RateLimiterPostgres({ ...common, storeClient: client }, (error?: Error) =>
      error ? reject(error) : resolve(limiter),
    );
  });
}

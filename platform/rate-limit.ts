// Rate limiters kept in the database in use, so that every process of the school shares the counts.
import type SQLite from "better-sqlite3";
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

/**
 * The library's SQLite store, but its one upsert statement is prepared once per connection instead of on every
 * consume, and run without a transaction around it (a single statement is atomic on its own). Measured on the
 * shared CI machine: ~150 µs a consume as shipped, ~25 µs this way; the SQL, the table and the answers are the
 * library's own. The overridden method is internal to rate-limiter-flexible 11.x: the unit test beside this file
 * fails if an update renames it.
 */
class PreparedRateLimiterSQLite extends RateLimiterSQLite {
  static readonly statements = new WeakMap<SQLite.Database, Map<string, SQLite.Statement>>();

  _upsertTransactionBetterSQLite3(conn: SQLite.Database, upsertQuery: string, upsertParams: unknown[]) {
    let byQuery = PreparedRateLimiterSQLite.statements.get(conn);
    if (!byQuery) PreparedRateLimiterSQLite.statements.set(conn, (byQuery = new Map()));
    let statement = byQuery.get(upsertQuery);
    if (!statement) byQuery.set(upsertQuery, (statement = conn.prepare(upsertQuery)));
    return Promise.resolve(statement.get(...upsertParams));
  }

  /** The periodic clean-up is not critical: never an unhandled rejection (e.g. after the database was closed). */
  clearExpired(nowMs: number): Promise<void> {
    const clear = (RateLimiterSQLite.prototype as unknown as { clearExpired(ms: number): Promise<void> }).clearExpired;
    return clear.call(this, nowMs).catch(() => undefined);
  }
}

/** For the unit test: whether the overridden method is still the one the library calls. */
export const sqliteUpsertOverridden = "_upsertTransactionBetterSQLite3" in RateLimiterSQLite.prototype;

export async function createLimiter(handle: DbHandle, options: LimiterOptions) {
  const common = { ...options, tableName: "rate_limits" };
  if (handle.driver.kind === "sqlite") {
    const client = handle.driver.client;
    // Resolved once its table exists: a consume before that would be refused with "Table is not created yet".
    return new Promise<PreparedRateLimiterSQLite>((resolve, reject) => {
      const limiter: PreparedRateLimiterSQLite = new PreparedRateLimiterSQLite(
        // Rows of windows over an hour ago are deleted every 5 minutes (the PostgreSQL store does so by default).
        { ...common, storeClient: client, storeType: "better-sqlite3", clearExpiredByTimeout: true },
        (error?: Error) => (error ? reject(error) : resolve(limiter)),
      );
    });
  }
  const client = handle.driver.client;
  return new Promise<RateLimiterPostgres>((resolve, reject) => {
    const limiter: RateLimiterPostgres = new RateLimiterPostgres({ ...common, storeClient: client }, (error?: Error) =>
      error ? reject(error) : resolve(limiter),
    );
  });
}

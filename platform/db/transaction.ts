// The one way to run a write transaction that may meet concurrent writers. PostgreSQL may end such a transaction
// with a deadlock (40P01) or, at a stricter isolation level, a serialization failure (40001): neither says anything
// is wrong with the request, only that it lost a race, and PostgreSQL's advice is to run the transaction again.
// inTransaction does so, a bounded number of times and after a short random pause (so that the losers of one race
// do not meet again at once); any other error goes to the caller unchanged. SQLite never raises these: its write
// transactions take the database's write lock at BEGIN (./immediate-transactions.ts) and wait their turn.
// `work` must touch only the database: it may run more than once, and only the last run's result counts.
import type { Transaction } from "kysely";
import type { Db } from "./connection.ts";
import type { Database } from "./schema.ts";

/** PostgreSQL's SQLSTATEs of a transaction that lost a race and is worth running again. */
const RETRYABLE = new Set(["40001", "40P01"]);

export const TRANSACTION_ATTEMPTS = 5;
// Full jitter over an exponential ceiling: 10, 20, 40, 80 ms.
const BASE_PAUSE_MS = 10;

export type RetryOptions = {
  attempts?: number;
  /** Waits between attempts (injectable for tests). */
  pause?: (ms: number) => Promise<void>;
  random?: () => number;
};

/** True for an error that means the transaction lost a race (deadlock or serialization failure). */
export function isRetryableConflict(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && RETRYABLE.has(code);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work` in a transaction, again when it loses a race (see above). Inside a transaction already, it runs
 * `work` there: only the outermost transaction can be run again, and the error reaches it.
 */
export async function inTransaction<T>(
  db: Db,
  work: (trx: Transaction<Database>) => Promise<T>,
  options: RetryOptions = {},
): Promise<T> {
  if (db.isTransaction) return work(db as Transaction<Database>);
  const attempts = options.attempts ?? TRANSACTION_ATTEMPTS;
  const pause = options.pause ?? sleep;
  const random = options.random ?? Math.random;
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (attempt >= attempts || !isRetryableConflict(error)) throw error;
      await pause(Math.floor(random() * BASE_PAUSE_MS * 2 ** (attempt - 1)));
    }
  }
}

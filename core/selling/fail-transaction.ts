// The failure side of the transaction state machine: NEW or PENDING may move to FAILURE, CANCELED or ERROR,
// once; a settled transaction never moves back. What the transaction held (a promotional package, a promo
// code's use) is given back in the same database transaction.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import type { TransactionStatus } from "#platform/db/schema.ts";
import { releaseReservations } from "./reservations.ts";

export const waitingStatuses = ["NEW", "PENDING"] as const satisfies TransactionStatus[];
export const successStatuses = ["PERFORMED", "CLEARED", "ACCESS_GRANTED"] as const satisfies TransactionStatus[];
export const failureStatuses = ["FAILURE", "ERROR", "CANCELED"] as const satisfies TransactionStatus[];

/**
 * True when this call moved the transaction; false when it had already left the waiting statuses. `onFailed` runs
 * in the same database transaction once the move happened (the buyer's notice goes through the outbox).
 */
export async function failTransaction(
  db: Db,
  transactionId: number,
  status: "FAILURE" | "ERROR" | "CANCELED",
  reason: string,
  onFailed?: (trx: Db) => Promise<void>,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("transactions")
      .set({ status, failure_reason: reason.slice(0, 500), updated_at: nowIso() })
      .where("id", "=", transactionId)
      .where("status", "in", waitingStatuses)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    const held = await trx
      .selectFrom("transactions")
      .select(["product_id", "quantity", "promo_package", "promo_code_id"])
      .where("id", "=", transactionId)
      .executeTakeFirstOrThrow();
    await releaseReservations(trx, held);
    await onFailed?.(trx);
    return true;
  });
}

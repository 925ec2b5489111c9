// POST /home/transactions/export: the filtered list (all its pages) as a CSV attachment for a spreadsheet;
// amounts in the currency's units with a dot, times in UTC. At most EXPORT_ROWS_LIMIT rows, newest first.
import { centsToDecimal } from "#core/shared/money.ts";
import type { Db } from "#platform/db/connection.ts";
import { toCsv } from "../shared/csv.ts";
import { filteredTransactions } from "./filtered-transactions.ts";
import { rowColumns } from "./list-transactions.ts";
import type { TransactionFilters } from "./schemas.ts";
import { type Actor, authorizeUser } from "../shared/actor.ts";
import type { ExportThrottle } from "../shared/export-throttle.ts";
import { canViewTransactions } from "./policies.ts";

export const EXPORT_ROWS_LIMIT = 50_000;

export const exportHeader = [
  "id",
  "hash",
  "created_at",
  "status",
  "provider",
  "product",
  "buyer_name",
  "buyer_email",
  "quantity",
  "total",
  "currency",
  "refund",
] as const;

const amount = (cents: number | null) => (cents === null ? "" : centsToDecimal(cents));

/** One export per admin per minute (the throttle), counted only once the admin is known to be one. */
export async function exportTransactionsCsv(
  db: Db,
  actor: Actor,
  filters: TransactionFilters,
  throttle?: ExportThrottle,
): Promise<string> {
  const { userId } = authorizeUser(actor, canViewTransactions(actor));
  await throttle?.take(userId);
  const rows = await filteredTransactions(db, filters)
    .select(rowColumns)
    .orderBy("t.created_at", "desc")
    .orderBy("t.id", "desc")
    .limit(EXPORT_ROWS_LIMIT)
    .execute();
  return toCsv([
    [...exportHeader],
    ...rows.map((row) => [
      row.id,
      row.hash,
      row.created_at,
      row.status,
      row.provider,
      row.product_title,
      row.buyer_name,
      row.buyer_email,
      row.quantity,
      amount(row.total_cents),
      row.currency,
      amount(row.refund_cents),
    ]),
  ]);
}

/** The attachment's name: transactions-YYYY-MM-DD.csv (the day of the export, UTC). */
export function exportFileName(now = new Date()): string {
  return `transactions-${now.toISOString().slice(0, 10)}.csv`;
}

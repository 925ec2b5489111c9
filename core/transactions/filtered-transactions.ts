// The one place the list's filters become SQL, so that the list, its totals, the sales summary and the CSV
// export always agree on which transactions are meant. Dates are whole UTC days ("to" included); the search
// matches the buyer's e-mail or name, or the transaction's hash, anywhere, case-insensitively (LIKE with its
// wildcards escaped, lower() on both engines).
import { sql } from "kysely";
import type { Db } from "#platform/db/connection.ts";
import type { TransactionFilters } from "./schemas.ts";
import { nextDay } from "#core/shared/zod-fields.ts";

/** A LIKE pattern that finds `text` anywhere, with %, _ and the escape character taken literally. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function filteredTransactions(db: Db, filters: TransactionFilters, options: { ignoreStatus?: boolean } = {}) {
  let query = db.selectFrom("transactions as t").innerJoin("products as p", "p.id", "t.product_id");
  if (filters.status && !options.ignoreStatus) query = query.where("t.status", "=", filters.status);
  if (filters.provider) query = query.where("t.provider", "=", filters.provider);
  if (filters.product_id) query = query.where("t.product_id", "=", filters.product_id);
  if (filters.from) query = query.where("t.created_at", ">=", `${filters.from}T00:00:00.000Z`);
  if (filters.to) query = query.where("t.created_at", "<", nextDay(filters.to));
  if (filters.q) {
    const pattern = containsPattern(filters.q);
    query = query.where((eb) =>
      eb.or(
        (["t.buyer_email", "t.buyer_name", "t.hash"] as const).map(
          (column) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`,
        ),
      ),
    );
  }
  return query;
}

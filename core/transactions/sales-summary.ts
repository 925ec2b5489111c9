// /home/sales: what was sold in the filtered range, counting successful transactions only
// (PERFORMED, CLEARED, ACCESS_GRANTED; a refunded one is no longer a sale), by product and by day (UTC), with
// the totals. The status filter does not apply here; the others (dates, product, provider, search) do.
import { sql } from "kysely";
import { successStatuses } from "#core/selling/fail-transaction.ts";
import type { Db } from "#platform/db/connection.ts";
import { filteredTransactions } from "./filtered-transactions.ts";
import type { TransactionFilters } from "./schemas.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { canViewTransactions } from "./policies.ts";

export type SalesLine = { count: number; quantity: number; revenue_cents: number; currency: string };

export type SalesSummary = {
  totals: SalesLine[];
  byProduct: (SalesLine & { product_id: number; title: string })[];
  byDay: (SalesLine & { day: string })[];
};

/** At most this many days are listed (newest first); the totals cover the whole range. */
export const SALES_DAYS_LIMIT = 366;

function line(row: {
  n: number | string;
  quantity: number | string | null;
  revenue: number | string | null;
  currency: string;
}): SalesLine {
  return {
    count: Number(row.n),
    quantity: Number(row.quantity ?? 0),
    revenue_cents: Number(row.revenue ?? 0),
    currency: row.currency,
  };
}

export async function salesSummary(db: Db, actor: Actor, filters: TransactionFilters): Promise<SalesSummary> {
  authorize(actor, canViewTransactions(actor));
  const sold = () => filteredTransactions(db, filters, { ignoreStatus: true }).where("t.status", "in", successStatuses);
  const day = sql<string>`substr(${sql.ref("t.created_at")}, 1, 10)`;
  const [totals, byProduct, byDay] = await Promise.all([
    sold()
      .select(["t.currency"])
      .select((eb) => [
        eb.fn.countAll<number>().as("n"),
        eb.fn.sum<number>("t.quantity").as("quantity"),
        eb.fn.sum<number>("t.total_cents").as("revenue"),
      ])
      .groupBy("t.currency")
      .orderBy("t.currency")
      .execute(),
    sold()
      .select(["t.product_id", "p.title", "t.currency"])
      .select((eb) => [
        eb.fn.countAll<number>().as("n"),
        eb.fn.sum<number>("t.quantity").as("quantity"),
        eb.fn.sum<number>("t.total_cents").as("revenue"),
      ])
      .groupBy(["t.product_id", "p.title", "t.currency"])
      .orderBy("revenue", "desc")
      .orderBy("p.title")
      .execute(),
    sold()
      .select([day.as("day"), "t.currency"])
      .select((eb) => [
        eb.fn.countAll<number>().as("n"),
        eb.fn.sum<number>("t.quantity").as("quantity"),
        eb.fn.sum<number>("t.total_cents").as("revenue"),
      ])
      .groupBy([day, "t.currency"])
      .orderBy(day, "desc")
      .orderBy("t.currency")
      .limit(SALES_DAYS_LIMIT)
      .execute(),
  ]);
  return {
    totals: totals.map(line),
    byProduct: byProduct.map((row) => ({ ...line(row), product_id: row.product_id, title: row.title })),
    byDay: byDay.map((row) => ({ ...line(row), day: row.day })),
  };
}

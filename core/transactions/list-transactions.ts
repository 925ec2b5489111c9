// /home/transactions: the admin's list of transactions, newest first, filtered (status, provider, product,
// dates, search), a page at a time, with how many there are and how much of them was paid (per currency: a school
// normally sells in one, but a transaction keeps the currency it was paid in). A failed, cancelled or still
// pending transaction brought in nothing, and a refunded one only what was kept.
import type { Db } from "#platform/db/connection.ts";
import type { PaymentProviderName, ProductKind, TransactionStatus } from "#platform/db/schema.ts";
import { sql } from "kysely";
import { successStatuses } from "#core/selling/fail-transaction.ts";
import { filteredTransactions } from "./filtered-transactions.ts";
import { TRANSACTIONS_PAGE_SIZE, type TransactionFilters } from "./schemas.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { canViewTransactions } from "./policies.ts";

export type TransactionRow = {
  id: number;
  hash: string;
  status: TransactionStatus;
  provider: PaymentProviderName;
  product_id: number;
  product_title: string;
  product_kind: ProductKind;
  buyer_name: string;
  buyer_email: string;
  quantity: number;
  total_cents: number;
  currency: string;
  refund_cents: number | null;
  created_at: string;
};

export type CurrencyTotal = { currency: string; count: number; amount_cents: number };

export type TransactionList = {
  transactions: TransactionRow[];
  count: number;
  page: number;
  pages: number;
  totals: CurrencyTotal[];
};

export const rowColumns = [
  "t.id",
  "t.hash",
  "t.status",
  "t.provider",
  "t.product_id",
  "p.title as product_title",
  "p.kind as product_kind",
  "t.buyer_name",
  "t.buyer_email",
  "t.quantity",
  "t.total_cents",
  "t.currency",
  "t.refund_cents",
  "t.created_at",
] as const;

export async function listTransactions(
  db: Db,
  actor: Actor,
  filters: TransactionFilters,
  pageSize = TRANSACTIONS_PAGE_SIZE,
): Promise<TransactionList> {
  authorize(actor, canViewTransactions(actor));
  const totalRows = await filteredTransactions(db, filters)
    .select(["t.currency"])
    .select((eb) => [
      eb.fn.countAll<number>().as("n"),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when("t.status", "in", successStatuses)
            .then(eb.ref("t.total_cents"))
            .when("t.status", "=", "REFUNDED")
            .then(sql<number>`t.total_cents - coalesce(t.refund_cents, 0)`)
            .else(0)
            .end(),
        )
        .as("amount"),
    ])
    .groupBy("t.currency")
    .orderBy("t.currency")
    .execute();
  const totals = totalRows.map((row) => ({
    currency: row.currency,
    count: Number(row.n),
    amount_cents: Number(row.amount ?? 0),
  }));
  const count = totals.reduce((sum, total) => sum + total.count, 0);
  const pages = Math.max(1, Math.ceil(count / pageSize));
  const page = Math.min(filters.page, pages);
  const transactions = await filteredTransactions(db, filters)
    .select(rowColumns)
    .orderBy("t.created_at", "desc")
    .orderBy("t.id", "desc")
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { transactions, count, page, pages, totals };
}

/** The products that have transactions, for the product filter. */
export async function listSoldProducts(db: Db, actor: Actor): Promise<{ id: number; title: string }[]> {
  authorize(actor, canViewTransactions(actor));
  return db
    .selectFrom("products as p")
    .select(["p.id", "p.title"])
    .where((eb) => eb.exists(eb.selectFrom("transactions as t").select("t.id").whereRef("t.product_id", "=", "p.id")))
    .orderBy("p.title")
    .orderBy("p.id")
    .execute();
}

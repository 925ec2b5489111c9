// The simulated payment page of the built-in test provider (/payments/test/{hash}): what it charges and for what.
// Only transactions made with the test provider have one; the hash is the capability, as on the status page.
import type { Db } from "#platform/db/connection.ts";
import type { TransactionStatus } from "#platform/db/schema.ts";

export type TestPaymentView = {
  hash: string;
  status: TransactionStatus;
  /** the buyer may still decide: the payment is neither paid nor failed */
  open: boolean;
  product_title: string;
  quantity: number;
  total_cents: number;
  currency: string;
  buyer_email: string;
};

export async function getTestPaymentView(db: Db, hash: string): Promise<TestPaymentView | null> {
  if (hash.length < 16 || hash.length > 64) return null;
  const row = await db
    .selectFrom("transactions as t")
    .innerJoin("products as p", "p.id", "t.product_id")
    .select([
      "t.hash",
      "t.status",
      "t.provider",
      "t.quantity",
      "t.total_cents",
      "t.currency",
      "t.buyer_email",
      "p.title",
    ])
    .where("t.hash", "=", hash)
    .executeTakeFirst();
  if (!row || row.provider !== "test") return null;
  return {
    hash: row.hash,
    status: row.status,
    open: row.status === "NEW" || row.status === "PENDING",
    product_title: row.title,
    quantity: row.quantity,
    total_cents: row.total_cents,
    currency: row.currency,
    buyer_email: row.buyer_email,
  };
}

// The invoice of one transaction, for pages built elsewhere (the transaction status page, the admin's transaction
// list): null when none was scheduled. `status` 'issuing' means a job is talking to the service right now.
import type { Db } from "#platform/db/connection.ts";
import type { Invoice } from "#platform/db/schema.ts";

export async function getInvoiceForTransaction(db: Db, transactionId: number): Promise<Invoice | null> {
  const row = await db
    .selectFrom("invoices")
    .selectAll()
    .where("transaction_id", "=", transactionId)
    .executeTakeFirst();
  return row ?? null;
}

// Called inside the payment's database transaction (the outbox: the invoice is scheduled if and only if the payment
// commits). It writes the invoices row ('scheduled', unique per transaction) and queues the invoice.issue job.
// Nothing happens when the buyer asked for no invoice or no invoicing integration is enabled; a second call for the
// same transaction does nothing either.
import { findEnabledInvoicingProvider } from "#core/integrations/get-integration-settings.ts";
import { nowIso, type Db } from "#platform/db/connection.ts";
import { enqueue } from "#platform/jobs/queue.ts";
import { parseInvoiceDetails } from "./invoice-content.ts";
import { issueInvoiceJob } from "./jobs.ts";

export async function scheduleInvoice(db: Db, transactionId: number): Promise<{ scheduled: boolean }> {
  const transaction = await db
    .selectFrom("transactions")
    .select(["id", "invoice"])
    .where("id", "=", transactionId)
    .executeTakeFirst();
  if (!transaction || !parseInvoiceDetails(transaction.invoice)) return { scheduled: false };
  const provider = await findEnabledInvoicingProvider(db);
  if (!provider) return { scheduled: false };
  const now = nowIso();
  const row = await db
    .insertInto("invoices")
    .values({ transaction_id: transaction.id, provider, status: "scheduled", created_at: now, updated_at: now })
    .onConflict((oc) => oc.column("transaction_id").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!row) return { scheduled: false };
  await enqueue(db, issueInvoiceJob, { transactionId: transaction.id });
  return { scheduled: true };
}

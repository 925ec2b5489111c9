// The invoice.issue job (payload {transactionId}): issues the invoice of a paid transaction through the enabled
// invoicing service and stores its number and PDF link.
//
// Safe to run again (delivery is at least once, a job may be replayed): an issued invoice is never issued twice, and
// two runs at the same time cannot both call the service (the row is leased: status 'issuing', taken over only after
// the worker's stale time). A failure stores a safe message in last_error and throws, so the worker retries with
// backoff; the invoice stays 'scheduled' meanwhile and becomes 'failed' with the job's last attempt. The owner can
// retry a failed job on /home/jobs, which tries again from 'failed'.
import { getIntegrationSettings, findEnabledInvoicingProvider } from "#core/integrations/get-integration-settings.ts";
import { UnreadableSettingsError } from "#core/integrations/integration-records.ts";
import { nowIso, type Db } from "#platform/db/connection.ts";
import type { TransactionStatus } from "#platform/db/schema.ts";
import type { JobHandler } from "#platform/jobs/define-job.ts";
import { STALE_AFTER_MS } from "#platform/jobs/worker.ts";
import { InvoicingProviderError } from "#core/ports/invoicing.ts";
import type { InvoiceInput, InvoicingProviderFactory } from "#core/ports/invoicing.ts";
import type { IssueInvoicePayload } from "./jobs.ts";
import { invoiceBuyer, invoiceDate, invoiceLines, parseInvoiceDetails } from "./invoice-content.ts";

export const PAID_STATUSES: readonly TransactionStatus[] = ["PERFORMED", "CLEARED", "ACCESS_GRANTED"];

const LEASE_MS = STALE_AFTER_MS;
const MAX_ERROR_LENGTH = 500;

export type InvoiceDeps = { db: Db; secret: Buffer; providerFor: InvoicingProviderFactory };

export type IssueOutcome =
  | "issued"
  | "already_issued"
  /** another run holds the lease */
  | "busy"
  /** nothing to issue: no such transaction, or no invoice row and no enabled invoicing integration */
  | "nothing_to_do"
  /** cannot ever succeed as it stands (not paid, no invoice details): marked failed, not retried */
  | "refused";

/** A refusal of ours (not the service's), its message written here and safe. */
class IssueError extends Error {}

/** A message fit for the invoices row, the job's last_error and the logs: never a settings value or a body. */
function safeMessage(error: unknown): string {
  if (error instanceof InvoicingProviderError || error instanceof UnreadableSettingsError) {
    return error.message.slice(0, MAX_ERROR_LENGTH);
  }
  if (error instanceof IssueError) return error.message;
  return `unexpected error (${error instanceof Error ? error.name : typeof error})`;
}

async function loadSale(db: Db, transactionId: number) {
  return db
    .selectFrom("transactions as t")
    .innerJoin("products as p", "p.id", "t.product_id")
    .select([
      "t.id",
      "t.hash",
      "t.status",
      "t.invoice",
      "t.buyer_name",
      "t.buyer_email",
      "t.quantity",
      "t.total_cents",
      "t.vat_rate",
      "t.currency",
      "t.paid_at",
      "t.created_at",
      "p.title",
    ])
    .where("t.id", "=", transactionId)
    .executeTakeFirst();
}

async function findInvoiceRow(db: Db, transactionId: number) {
  return db.selectFrom("invoices").selectAll().where("transaction_id", "=", transactionId).executeTakeFirst();
}

export async function issueInvoice(
  deps: InvoiceDeps,
  transactionId: number,
  attempt: { last: boolean },
): Promise<IssueOutcome> {
  const { db } = deps;
  const sale = await loadSale(db, transactionId);
  if (!sale) return "nothing_to_do";

  let invoice = await findInvoiceRow(db, transactionId);
  if (invoice?.status === "issued") return "already_issued";
  if (!invoice) {
    // Scheduled without a row (a job queued by hand, or the row was removed): upsert it like scheduleInvoice.
    const provider = await findEnabledInvoicingProvider(db);
    if (!provider || !parseInvoiceDetails(sale.invoice)) return "nothing_to_do";
    const now = nowIso();
    await db
      .insertInto("invoices")
      .values({ transaction_id: transactionId, provider, status: "scheduled", created_at: now, updated_at: now })
      .onConflict((oc) => oc.column("transaction_id").doNothing())
      .execute();
    invoice = await findInvoiceRow(db, transactionId);
    if (!invoice) return "nothing_to_do";
    if (invoice.status === "issued") return "already_issued";
  }

  if (!PAID_STATUSES.includes(sale.status))
    return refuseInvoice(db, "invoices", invoice.id, `the transaction is not paid (status ${sale.status})`);
  const details = parseInvoiceDetails(sale.invoice);
  if (!details) return refuseInvoice(db, "invoices", invoice.id, "the transaction has no invoice details");
  return issueInvoiceRow(deps, "invoices", invoice, attempt, `transaction ${transactionId}`, {
    transactionHash: sale.hash,
    buyer: invoiceBuyer(details, { name: sale.buyer_name, email: sale.buyer_email }),
    lines: invoiceLines({
      title: sale.title,
      quantity: sale.quantity,
      totalCents: sale.total_cents,
      vatRate: sale.vat_rate,
    }),
    currency: sale.currency,
    issueDate: invoiceDate(new Date()),
    sellDate: invoiceDate(sale.paid_at ?? sale.created_at),
    idempotencyKey: `studium-${sale.hash}`,
  });
}

/**
 * The tables holding invoice rows: a purchase's (`invoices`, per transaction) and a membership charge's
 * (`membership_invoices`, per charge). They share every column used below; only the key to what was paid differs.
 */
export type InvoiceRowTable = "invoices" | "membership_invoices";

/** Marks an invoice row that can never succeed as it stands 'failed' (not retried). */
export async function refuseInvoice(db: Db, table: InvoiceRowTable, id: number, message: string) {
  await db
    .updateTable(table as "invoices")
    .set({ status: "failed", last_error: message, updated_at: nowIso() })
    .where("id", "=", id)
    .where("status", "!=", "issued")
    .execute();
  return "refused" as const;
}

/**
 * Leases one invoice row, has the service issue `input`, and stores the number and PDF link; shared by the
 * purchases' and the memberships' invoices. A failure keeps the row 'scheduled' (or 'failed' on the job's last
 * attempt) with a safe message and throws, so the worker retries.
 */
export async function issueInvoiceRow(
  deps: InvoiceDeps,
  table: InvoiceRowTable,
  row: { id: number; provider: string },
  attempt: { last: boolean },
  label: string,
  input: InvoiceInput,
): Promise<"issued" | "busy"> {
  const { db } = deps;
  // Both tables have the same columns here; Kysely is told the one name.
  const rows = table as "invoices";
  // The lease: one statement, so two runs cannot both take it (PostgreSQL re-checks the condition on the row it
  // waited for; SQLite has one writer).
  const now = nowIso();
  const claimed = await db
    .updateTable(rows)
    .set((eb) => ({ status: "issuing", attempts: eb("attempts", "+", 1), updated_at: now }))
    .where("id", "=", row.id)
    .where((eb) =>
      eb.or([
        eb("status", "in", ["scheduled", "failed"]),
        eb.and([eb("status", "=", "issuing"), eb("updated_at", "<", nowIso(-LEASE_MS))]),
      ]),
    )
    .returning("id")
    .executeTakeFirst();
  if (!claimed) return "busy";

  try {
    const integration = await getIntegrationSettings(db, deps.secret, row.provider);
    if (!integration) throw new IssueError(`the ${row.provider} integration is not set up`);
    if (!integration.enabled) throw new IssueError(`the ${row.provider} integration is disabled`);
    const adapter = deps.providerFor(row.provider, integration.settings);
    const issued = await adapter.issueInvoice(input);
    await db
      .updateTable(rows)
      .set({
        status: "issued",
        number: issued.number.slice(0, 100),
        external_id: issued.externalId.slice(0, 100),
        pdf_url: issued.pdfUrl.slice(0, 2000),
        last_error: "",
        updated_at: nowIso(),
      })
      .where("id", "=", row.id)
      .execute();
    return "issued";
  } catch (error) {
    const message = safeMessage(error);
    await db
      .updateTable(rows)
      .set({ status: attempt.last ? "failed" : "scheduled", last_error: message, updated_at: nowIso() })
      .where("id", "=", row.id)
      .execute();
    // The worker records this message as the job's last_error and retries (or gives up on the last attempt).
    throw new Error(`invoice for ${label}: ${message}`, { cause: error });
  }
}

export function invoiceIssueHandler(deps: Omit<InvoiceDeps, "db">): JobHandler<IssueInvoicePayload> {
  return async (payload, { db, job, log }) => {
    const outcome = await issueInvoice({ ...deps, db }, payload.transactionId, {
      last: job.attempts >= job.max_attempts,
    });
    log.info({ job: job.id, transaction: payload.transactionId, outcome }, "invoice job finished");
  };
}

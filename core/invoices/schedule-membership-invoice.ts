// Invoices of membership charges (issue 15, decision 0042), scheduling: each paid charge (period 1 at checkout, a
// renewal, a Stripe-mirrored period) gets one `membership_invoices` row, unique per charge, and an
// `invoice.membership` job under the key `membership-invoice:<charge>`, written in the transaction that records
// the charge paid (the outbox), as purchases do (schedule-invoice.ts). A second call for one charge does nothing.
import { findEnabledInvoicingProvider } from "#core/integrations/get-integration-settings.ts";
import { nowIso, type Db } from "#platform/db/connection.ts";
import { enqueue } from "#platform/jobs/queue.ts";
import { issueMembershipInvoiceJob } from "./jobs.ts";

/** Called in the transaction that records the charge paid. Nothing happens for a free charge or with no invoicing. */
export async function scheduleMembershipInvoice(db: Db, chargeId: number): Promise<{ scheduled: boolean }> {
  const charge = await db
    .selectFrom("membership_charges")
    .select(["id", "status", "amount_cents"])
    .where("id", "=", chargeId)
    .executeTakeFirst();
  if (!charge || charge.status !== "succeeded" || charge.amount_cents <= 0) return { scheduled: false };
  const provider = await findEnabledInvoicingProvider(db);
  if (!provider) return { scheduled: false };
  const now = nowIso();
  const row = await db
    .insertInto("membership_invoices")
    .values({ charge_id: charge.id, provider, status: "scheduled", created_at: now, updated_at: now })
    .onConflict((oc) => oc.column("charge_id").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!row) return { scheduled: false };
  await enqueue(db, issueMembershipInvoiceJob, { chargeId: charge.id }, { key: `membership-invoice:${charge.id}` });
  return { scheduled: true };
}

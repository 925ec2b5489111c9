// The invoice.membership job (payload {chargeId}): issues the invoice of one paid membership charge through the
// same lease and adapter call as a purchase's (issue-invoice.ts `issueInvoiceRow`), so a replayed or concurrent
// job issues nothing twice. The subscribe checkout asks for no company details: the buyer is the member as a
// private person; the line is the plan's name at the charged amount and the member's VAT rate.
import type { Db } from "#platform/db/connection.ts";
import type { JobHandler } from "#platform/jobs/define-job.ts";
import { invoiceBuyer, invoiceDate, invoiceLines } from "./invoice-content.ts";
import { type InvoiceDeps, type IssueOutcome, issueInvoiceRow, refuseInvoice } from "./issue-invoice.ts";
import type { IssueMembershipInvoicePayload } from "./jobs.ts";

/** The private person's details: the school is Polish-first, as parseInvoiceDetails defaults. */
const PRIVATE_BUYER = { company_name: "", vat_number: "", street: "", postal_code: "", city: "", country: "PL" };

async function loadCharge(db: Db, chargeId: number) {
  return db
    .selectFrom("membership_charges as c")
    .innerJoin("memberships as m", "m.id", "c.membership_id")
    .innerJoin("membership_plans as p", "p.id", "m.plan_id")
    .innerJoin("users as u", "u.id", "m.user_id")
    .select([
      "c.id",
      "c.status",
      "c.idempotency_key",
      "c.period_number",
      "c.amount_cents",
      "c.currency",
      "c.paid_at",
      "c.created_at",
      "m.vat_rate",
      "p.name as plan_name",
      "u.name as user_name",
      "u.email as user_email",
    ])
    .where("c.id", "=", chargeId)
    .executeTakeFirst();
}

export async function issueMembershipInvoice(
  deps: InvoiceDeps,
  chargeId: number,
  attempt: { last: boolean },
): Promise<IssueOutcome> {
  const { db } = deps;
  const charge = await loadCharge(db, chargeId);
  if (!charge) return "nothing_to_do";
  const invoice = await db
    .selectFrom("membership_invoices")
    .selectAll()
    .where("charge_id", "=", chargeId)
    .executeTakeFirst();
  if (!invoice) return "nothing_to_do";
  if (invoice.status === "issued") return "already_issued";
  if (charge.status !== "succeeded")
    return refuseInvoice(db, "membership_invoices", invoice.id, `the charge is not paid (status ${charge.status})`);
  return issueInvoiceRow(deps, "membership_invoices", invoice, attempt, `membership charge ${chargeId}`, {
    transactionHash: charge.idempotency_key,
    buyer: invoiceBuyer(PRIVATE_BUYER, { name: charge.user_name, email: charge.user_email }),
    lines: invoiceLines({
      title: charge.plan_name,
      quantity: 1,
      totalCents: charge.amount_cents,
      vatRate: charge.vat_rate,
    }),
    currency: charge.currency,
    issueDate: invoiceDate(new Date()),
    sellDate: invoiceDate(charge.paid_at ?? charge.created_at),
    idempotencyKey: `studium-${charge.idempotency_key}`,
  });
}

export function membershipInvoiceHandler(deps: Omit<InvoiceDeps, "db">): JobHandler<IssueMembershipInvoicePayload> {
  return async (payload, { db, job, log }) => {
    const outcome = await issueMembershipInvoice({ ...deps, db }, payload.chargeId, {
      last: job.attempts >= job.max_attempts,
    });
    log.info({ job: job.id, charge: payload.chargeId, outcome }, "membership invoice job finished");
  };
}

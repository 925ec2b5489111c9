// The member's invoices for their membership charges (/my/membership, issue 15): per charge with an invoice, the
// membership and period it paid, the amount, and the invoice's number or where it stands, newest first. Only the
// caller's own; an invoice being issued right now shows as scheduled (for the member it is still on its way).
import type { Db } from "#platform/db/connection.ts";
import { type Actor, authorizeUser } from "../shared/actor.ts";
import { type BuyerInvoiceStatus, buyerInvoiceState } from "./list-invoices-for-user.ts";
import { canSeeOwnInvoices } from "./policies.ts";

export type MembershipInvoice = {
  id: number;
  membership_id: number;
  period_number: number;
  /** when the charge was paid */
  date: string;
  total_cents: number;
  currency: string;
  status: BuyerInvoiceStatus;
  number: string | null;
  /** the PDF opens at /my/membership/invoices/{id}/pdf */
  has_pdf: boolean;
};

export async function listMembershipInvoicesForUser(db: Db, actor: Actor, limit = 200): Promise<MembershipInvoice[]> {
  const { userId } = authorizeUser(actor, canSeeOwnInvoices(actor));
  const rows = await db
    .selectFrom("membership_invoices as i")
    .innerJoin("membership_charges as c", "c.id", "i.charge_id")
    .innerJoin("memberships as m", "m.id", "c.membership_id")
    .select([
      "i.id",
      "i.status",
      "i.number",
      "i.pdf_url",
      "c.membership_id",
      "c.period_number",
      "c.paid_at",
      "c.created_at",
      "c.amount_cents",
      "c.currency",
    ])
    .where("m.user_id", "=", userId)
    .orderBy("c.membership_id", "desc")
    .orderBy("c.period_number", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    membership_id: row.membership_id,
    period_number: row.period_number,
    date: row.paid_at ?? row.created_at,
    total_cents: row.amount_cents,
    currency: row.currency,
    ...buyerInvoiceState(row),
  }));
}

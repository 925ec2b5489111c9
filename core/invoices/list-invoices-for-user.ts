// The buyer's invoices (/my/invoices): each transaction of theirs that has an invoice, newest first, with the
// product, the amount paid, and the invoice's number or where it stands. An invoice being issued right now shows
// as scheduled: for the buyer it is still on its way.
import type { Db } from "#platform/db/connection.ts";
import type { InvoiceStatus } from "#platform/db/schema.ts";
import { type Actor, authorizeUser } from "../shared/actor.ts";
import { canSeeOwnInvoices } from "./policies.ts";

export type BuyerInvoiceStatus = "scheduled" | "issued" | "failed";

export type BuyerInvoice = {
  id: number;
  transaction_hash: string;
  product_title: string;
  /** when it was paid (or ordered, for an unpaid one) */
  date: string;
  total_cents: number;
  currency: string;
  status: BuyerInvoiceStatus;
  number: string | null;
  /** the PDF can be opened at /my/invoices/{id}/pdf */
  has_pdf: boolean;
};

/** Where an invoice stands for its buyer: being issued shows as scheduled; the number and PDF once issued. */
export function buyerInvoiceState(row: { status: InvoiceStatus; number: string | null; pdf_url: string | null }): {
  status: BuyerInvoiceStatus;
  number: string | null;
  has_pdf: boolean;
} {
  return {
    status: row.status === "issuing" ? "scheduled" : row.status,
    number: row.status === "issued" ? row.number : null,
    has_pdf: row.status === "issued" && Boolean(row.pdf_url),
  };
}

export async function listInvoicesForUser(db: Db, actor: Actor, limit = 200): Promise<BuyerInvoice[]> {
  const { userId } = authorizeUser(actor, canSeeOwnInvoices(actor));
  const rows = await db
    .selectFrom("invoices as i")
    .innerJoin("transactions as t", "t.id", "i.transaction_id")
    .innerJoin("products as p", "p.id", "t.product_id")
    .select([
      "i.id",
      "i.status",
      "i.number",
      "i.pdf_url",
      "t.hash",
      "t.paid_at",
      "t.created_at",
      "t.total_cents",
      "t.currency",
      "p.title",
    ])
    .where("t.user_id", "=", userId)
    .orderBy("t.created_at", "desc")
    .orderBy("i.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    transaction_hash: row.hash,
    product_title: row.title,
    date: row.paid_at ?? row.created_at,
    total_cents: row.total_cents,
    currency: row.currency,
    ...buyerInvoiceState(row),
  }));
}

// /home/transactions/{id}: everything about one transaction for the admin: amounts, buyer, product and variant,
// codes used, the affiliate's commission, the payment notifications received (payment_events), the invoice, the
// invitations of a team purchase, the access it gave (granted, denied with a reason) and a recorded refund.
import { commissionAfterRefund } from "#core/promo/affiliate-report.ts";
import type { InvoiceDetails } from "#core/selling/checkout-schema.ts";
import type { Db } from "#platform/db/connection.ts";
import type { InvitationStatus, InvoiceStatus, Product, Transaction } from "#platform/db/schema.ts";
import { successStatuses, waitingStatuses } from "#core/selling/fail-transaction.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { canViewTransactions } from "./policies.ts";
import { pathId } from "../shared/path-id.ts";

export type AccessState = "waiting" | "granted" | "denied" | "none";

export type TransactionDetails = {
  transaction: Transaction;
  product: Pick<Product, "id" | "kind" | "title" | "course_id" | "slug">;
  course: { id: number; title: string; slug: string } | null;
  variant: { id: number; name: string; position: number } | null;
  buyer: { id: number; name: string; email: string } | null;
  promoCode: { id: number; code: string } | null;
  affiliate: {
    code: string;
    name: string;
    commission_percent: number;
    amount_cents: number | null;
    currency: string | null;
  } | null;
  invoiceDetails: InvoiceDetails | null;
  invoice: {
    number: string | null;
    pdf_url: string | null;
    status: InvoiceStatus;
    provider: string;
    last_error: string;
  } | null;
  events: { id: number; provider: string; event_key: string; outcome: string; detail: string; received_at: string }[];
  invitations: {
    id: number;
    name: string;
    email: string;
    status: InvitationStatus;
    created_at: string;
    accepted_at: string | null;
  }[];
  access: AccessState;
  /** what the admin may do now */
  can: { grant: boolean; deny: boolean; refund: boolean };
};

function parseInvoiceDetails(text: string | null): InvoiceDetails | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as InvoiceDetails;
  } catch {
    return null;
  }
}

/** Where the transaction's access stands: an admin's denial clears access_granted_at on a paid transaction. */
export function accessStateOf(transaction: Pick<Transaction, "status" | "access_granted_at">): AccessState {
  if ((waitingStatuses as readonly string[]).includes(transaction.status)) return "waiting";
  if ((successStatuses as readonly string[]).includes(transaction.status))
    return transaction.access_granted_at ? "granted" : "denied";
  return "none";
}

export async function getTransactionDetails(
  db: Db,
  actor: Actor,
  transactionIdInput: unknown,
): Promise<TransactionDetails | null> {
  // The refusal first, whatever the id (401 / 403); then a malformed id is a 404.
  authorize(actor, canViewTransactions(actor));
  const transactionId = pathId(transactionIdInput);
  const transaction = await db
    .selectFrom("transactions")
    .selectAll()
    .where("id", "=", transactionId)
    .executeTakeFirst();
  if (!transaction) return null;
  const [product, variant, buyer, promoCode, affiliate, invoice, events, invitations] = await Promise.all([
    db
      .selectFrom("products")
      .select(["id", "kind", "title", "course_id", "slug"])
      .where("id", "=", transaction.product_id)
      .executeTakeFirstOrThrow(),
    transaction.variant_id === null
      ? null
      : db
          .selectFrom("product_variants")
          .select(["id", "name", "position"])
          .where("id", "=", transaction.variant_id)
          .executeTakeFirst(),
    db.selectFrom("users").select(["id", "name", "email"]).where("id", "=", transaction.user_id).executeTakeFirst(),
    transaction.promo_code_id === null
      ? null
      : db
          .selectFrom("promo_codes")
          .select(["id", "code"])
          .where("id", "=", transaction.promo_code_id)
          .executeTakeFirst(),
    transaction.affiliate_code_id === null
      ? null
      : db
          .selectFrom("affiliate_codes as a")
          .leftJoin("affiliate_commissions as c", (join) =>
            join.onRef("c.affiliate_code_id", "=", "a.id").on("c.transaction_id", "=", transaction.id),
          )
          .select(["a.code", "a.name", "a.commission_percent", "c.amount_cents", "c.currency"])
          .where("a.id", "=", transaction.affiliate_code_id)
          .executeTakeFirst(),
    db
      .selectFrom("invoices")
      .select(["number", "pdf_url", "status", "provider", "last_error"])
      .where("transaction_id", "=", transaction.id)
      .executeTakeFirst(),
    db
      .selectFrom("payment_events")
      .select(["id", "provider", "event_key", "outcome", "detail", "received_at"])
      .where("transaction_id", "=", transaction.id)
      .orderBy("received_at")
      .orderBy("id")
      .execute(),
    db
      .selectFrom("invitations")
      .select(["id", "name", "email", "status", "created_at", "accepted_at"])
      .where("parent_transaction_id", "=", transaction.id)
      .orderBy("created_at")
      .orderBy("id")
      .execute(),
  ]);
  const course =
    product.course_id === null
      ? null
      : ((await db
          .selectFrom("courses")
          .select(["id", "title", "slug"])
          .where("id", "=", product.course_id)
          .executeTakeFirst()) ?? null);
  const access = accessStateOf(transaction);
  const paid = (successStatuses as readonly string[]).includes(transaction.status);
  return {
    transaction,
    product,
    course,
    variant: variant ?? null,
    buyer: buyer ?? null,
    promoCode: promoCode ?? null,
    // What the affiliate keeps once a refund took its share back (core/promo/affiliate-report.ts).
    affiliate: affiliate
      ? {
          ...affiliate,
          amount_cents:
            affiliate.amount_cents === null
              ? null
              : commissionAfterRefund(affiliate.amount_cents, transaction.total_cents, transaction.refund_cents),
        }
      : null,
    invoiceDetails: parseInvoiceDetails(transaction.invoice),
    invoice: invoice ?? null,
    events,
    invitations,
    access,
    can: {
      grant: access === "waiting" || access === "denied",
      deny: access === "waiting" || access === "granted",
      refund: paid && transaction.total_cents > 0,
    },
  };
}

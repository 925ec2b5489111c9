// The success side of the transaction state machine: NEW or PENDING moves to ACCESS_GRANTED once (the guarded
// update is the lock: of any number of concurrent or replayed notifications exactly one passes it), and in the
// same database transaction the buyer gets access, the affiliate's commission is recorded, and the side effects
// (receipt e-mail, invoice) are queued as jobs (outbox).
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { crashPoint } from "#platform/crash-points.ts";
import { enqueue } from "#platform/jobs/queue.ts";
import { sendMailJob } from "#platform/mail/mail-job.ts";
import { formatMoney } from "#core/shared/money.ts";
import { translator } from "#platform/i18n/index.ts";
import type { Transaction } from "#platform/db/schema.ts";
import { waitingStatuses } from "./fail-transaction.ts";
import { grantPurchase } from "./grant-purchase.ts";
import { emitWebhookEvent } from "#core/webhooks/emit-event.ts";

export type CompletionHooks = {
  /** queues the invoice when the transaction asked for one and invoicing is configured (inside `db`'s transaction) */
  scheduleInvoice?: (db: Db, transactionId: number) => Promise<void>;
  /** tells the buyer that the provider reported their payment failed (inside `db`'s transaction) */
  paymentFailed?: (db: Db, transactionId: number) => Promise<void>;
};

/** True when this call settled the transaction; false when another delivery already did (or it had failed). */
export async function completeTransaction(
  db: Db,
  transactionId: number,
  hooks: CompletionHooks = {},
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    const moved = await trx
      .updateTable("transactions")
      .set({ status: "ACCESS_GRANTED", paid_at: now, access_granted_at: now, updated_at: now })
      .where("id", "=", transactionId)
      .where("status", "in", waitingStatuses)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return false;
    const transaction = await trx
      .selectFrom("transactions")
      .selectAll()
      .where("id", "=", transactionId)
      .executeTakeFirstOrThrow();
    const product = await trx
      .selectFrom("products")
      .selectAll()
      .where("id", "=", transaction.product_id)
      .executeTakeFirstOrThrow();
    await grantPurchase(trx, transaction, product);
    await recordCommission(trx, transaction);
    if (transaction.total_cents > 0) await hooks.scheduleInvoice?.(trx, transaction.id);
    await queueReceipt(trx, transaction, product.title);
    const order = orderData(transaction, product);
    await emitWebhookEvent(trx, "order.paid", order);
    await emitWebhookEvent(trx, "access.granted", order);
    crashPoint("payment.before-commit");
    return true;
  });
}

/** What the order webhooks say about a transaction (no card data: we never have it). */
function orderData(transaction: Transaction, product: { id: number; title: string }) {
  return {
    transaction: {
      id: transaction.id,
      status: "ACCESS_GRANTED",
      total_cents: transaction.total_cents,
      currency: transaction.currency,
      quantity: transaction.quantity,
    },
    product: { id: product.id, title: product.title },
    buyer: { user_id: transaction.user_id, email: transaction.buyer_email, name: transaction.buyer_name },
  };
}

async function recordCommission(db: Db, transaction: Transaction): Promise<void> {
  if (transaction.affiliate_code_id === null || transaction.total_cents <= 0) return;
  const code = await db
    .selectFrom("affiliate_codes")
    .select("commission_percent")
    .where("id", "=", transaction.affiliate_code_id)
    .executeTakeFirst();
  if (!code) return;
  await db
    .insertInto("affiliate_commissions")
    .values({
      affiliate_code_id: transaction.affiliate_code_id,
      transaction_id: transaction.id,
      amount_cents: Math.round((transaction.total_cents * code.commission_percent) / 100),
      currency: transaction.currency,
      created_at: nowIso(),
    })
    .onConflict((oc) => oc.column("transaction_id").doNothing())
    .execute();
}

async function queueReceipt(db: Db, transaction: Transaction, productTitle: string): Promise<void> {
  const school = await db.selectFrom("school").select(["name", "language"]).executeTakeFirst();
  const lang = school?.language ?? "en";
  const t = translator(lang);
  const free = transaction.total_cents === 0;
  await enqueue(db, sendMailJob, {
    to: transaction.buyer_email,
    subject: t(free ? "checkout:receipt_subject_free" : "checkout:receipt_subject", {
      product: productTitle,
      school: school?.name ?? "",
    }),
    text: t(free ? "checkout:receipt_text_free" : "checkout:receipt_text", {
      name: transaction.buyer_name,
      product: productTitle,
      quantity: transaction.quantity,
      amount: formatMoney(transaction.total_cents, transaction.currency, lang),
      school: school?.name ?? "",
    }),
  });
}

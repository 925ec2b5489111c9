// POST /home/transactions/{id}/refund {amount, reason, revoke_access}: the admin records a refund made outside
// Studium (at the provider's panel or by transfer): nothing is sent to the payment provider, the page says so.
// Only a paid transaction can be refunded, once, by at most its total; it moves to REFUNDED with the amount,
// the reason and the time, and, when asked, loses the access it gave (revoke-purchase-access.ts).
import { emitWebhookEvent } from "#core/webhooks/emit-event.ts";
import { AppError, fieldError } from "#core/errors.ts";
import { successStatuses } from "#core/selling/fail-transaction.ts";
import { parseInput } from "#core/validation.ts";
import { type Db, nowIso } from "#platform/db/connection.ts";
import { formatMoney } from "#core/shared/money.ts";
import type { Lang } from "#platform/i18n/index.ts";
import { revokePurchaseAccess } from "./revoke-purchase-access.ts";
import { refundSchema } from "./schemas.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { pathId } from "../shared/path-id.ts";
import { canManageTransactions } from "./policies.ts";

export async function recordRefund(
  db: Db,
  actor: Actor,
  options: { transactionId: unknown; lang: Lang },
  input: unknown,
): Promise<void> {
  // The refusal first, whatever the id (401 / 403); then a malformed id is a 404.
  authorize(actor, canManageTransactions(actor));
  const transactionId = pathId(options.transactionId);
  const data = parseInput(refundSchema, input);
  const transaction = await db
    .selectFrom("transactions")
    .selectAll()
    .where("id", "=", transactionId)
    .executeTakeFirst();
  if (!transaction) throw new AppError("not_found");
  if (!(successStatuses as readonly string[]).includes(transaction.status) || transaction.total_cents <= 0) {
    throw new AppError("conflict", { messageKey: "transactions:cannot_refund" });
  }
  if (data.amount > transaction.total_cents) {
    throw fieldError("amount", "transactions:refund_too_much", {
      max: formatMoney(transaction.total_cents, transaction.currency, options.lang),
    });
  }
  await db.transaction().execute(async (trx) => {
    const now = nowIso();
    const moved = await trx
      .updateTable("transactions")
      .set({
        status: "REFUNDED",
        refunded_at: now,
        refund_cents: data.amount,
        refund_reason: data.reason,
        ...(data.revoke_access ? { access_granted_at: null } : {}),
        updated_at: now,
      })
      .where("id", "=", transaction.id)
      .where("status", "in", successStatuses)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1)
      throw new AppError("conflict", { messageKey: "transactions:changed_meanwhile" });
    if (data.revoke_access) {
      const product = await trx
        .selectFrom("products")
        .select(["id", "kind", "course_id"])
        .where("id", "=", transaction.product_id)
        .executeTakeFirstOrThrow();
      await revokePurchaseAccess(trx, transaction, product, data.reason);
    }
    await emitWebhookEvent(trx, "order.refunded", {
      transaction: { id: transaction.id, refund_cents: data.amount, currency: transaction.currency },
      reason: data.reason,
      access_revoked: data.revoke_access,
    });
  });
}

// A payment provider's notification (or a status re-check) applied to our transaction, as SECURITY.md wants it:
// verified first (the adapter checks the signature; here the order, amount and currency), recorded once
// (payment_events.event_key is unique: a replay is recognised and changes nothing), and the state machine only
// moves forward (complete-transaction.ts / fail-transaction.ts). Rejections are logged without secrets.
import { crashPoint } from "#platform/crash-points.ts";
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import type { Transaction } from "#platform/db/schema.ts";
import { type CompletionHooks, completeTransaction } from "./complete-transaction.ts";
import { failTransaction } from "./fail-transaction.ts";
import type { NotificationInput, PaymentProvider, PaymentReport, ProviderReply } from "#core/ports/payments.ts";

export type Outcome = "applied" | "ignored" | "rejected";
export type SettleLog = { warn(details: object, message: string): void; info(details: object, message: string): void };

async function recordEvent(
  db: Db,
  provider: string,
  eventKey: string,
  transactionId: number | null,
  outcome: Outcome,
  detail: string,
): Promise<boolean> {
  const row = await db
    .insertInto("payment_events")
    .values({
      provider,
      event_key: eventKey.slice(0, 300),
      transaction_id: transactionId,
      outcome,
      detail: detail.slice(0, 300),
      received_at: nowIso(),
    })
    .onConflict((oc) => oc.column("event_key").doNothing())
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

function mismatch(transaction: Transaction, report: PaymentReport): string | null {
  if (report.amountCents !== transaction.total_cents)
    return `amount ${report.amountCents} differs from the order's ${transaction.total_cents}`;
  if (report.currency.toUpperCase() !== transaction.currency.toUpperCase())
    return `currency ${report.currency} differs from the order's ${transaction.currency}`;
  return null;
}

/** Applies one verified report. Safe to call any number of times with the same report, in parallel too. */
export async function applyPaymentReport(
  deps: { db: Db; log: SettleLog; hooks?: CompletionHooks },
  provider: PaymentProvider,
  report: PaymentReport,
): Promise<Outcome> {
  const { db, log } = deps;
  const transaction = await db
    .selectFrom("transactions")
    .selectAll()
    .where("hash", "=", report.hash)
    .where("provider", "=", provider.name)
    .executeTakeFirst();
  const eventKey = `${provider.name}:${report.eventKey}`;
  if (!transaction) {
    log.warn({ provider: provider.name, event: report.eventKey }, "payment notification for an unknown order rejected");
    await recordEvent(db, provider.name, `rejected:${eventKey}`, null, "rejected", "unknown order");
    return "rejected";
  }
  if (report.outcome === "pending") return "ignored";
  if (report.outcome === "paid") {
    const wrong = mismatch(transaction, report);
    if (wrong) {
      log.warn(
        { provider: provider.name, transaction: transaction.id, reason: wrong },
        "payment notification rejected",
      );
      await recordEvent(db, provider.name, `rejected:${eventKey}`, transaction.id, "rejected", wrong);
      return "rejected";
    }
    if (transaction.status !== "NEW" && transaction.status !== "PENDING") {
      await recordEvent(db, provider.name, eventKey, transaction.id, "ignored", `already ${transaction.status}`);
      return "ignored";
    }
    // Przelewy24's verify: the money is settled only after it; a refusal leaves the order pending for a retry.
    await provider.confirm?.(report, {
      hash: transaction.hash,
      amountCents: transaction.total_cents,
      currency: transaction.currency,
      providerRef: transaction.provider_ref,
    });
    const moved = await completeTransaction(db, transaction.id, deps.hooks);
    await recordEvent(
      db,
      provider.name,
      eventKey,
      transaction.id,
      moved ? "applied" : "ignored",
      moved ? "paid" : "already settled",
    );
    if (moved) log.info({ provider: provider.name, transaction: transaction.id }, "payment settled");
    return moved ? "applied" : "ignored";
  }
  const moved = await failTransaction(
    db,
    transaction.id,
    "FAILURE",
    `${provider.name} reported a failed payment`,
    (trx) => (deps.hooks?.paymentFailed ? deps.hooks.paymentFailed(trx, transaction.id) : Promise.resolve()),
  );
  await recordEvent(
    db,
    provider.name,
    eventKey,
    transaction.id,
    moved ? "applied" : "ignored",
    moved ? "failed" : `already ${transaction.status}`,
  );
  return moved ? "applied" : "ignored";
}

/** A notification as it arrives over HTTP: the adapter verifies and reads it, then the report is applied. */
export async function handleNotification(
  deps: { db: Db; log: SettleLog; hooks?: CompletionHooks },
  provider: PaymentProvider,
  input: NotificationInput,
): Promise<ProviderReply> {
  // Adapters whose signature check costs a request (Tpay) look the order up first.
  const findOrder = async (hash: string) => {
    const order = await deps.db
      .selectFrom("transactions")
      .select(["total_cents", "currency"])
      .where("hash", "=", hash)
      .where("provider", "=", provider.name)
      .executeTakeFirst();
    return order ? { amountCents: order.total_cents, currency: order.currency } : null;
  };
  const parsed = await provider.parseNotification({ ...input, findOrder });
  if (!parsed.ok) {
    deps.log.warn(
      { provider: provider.name, reason: parsed.reason },
      "payment notification with a bad signature rejected",
    );
    return parsed.reply;
  }
  if (parsed.report) await applyPaymentReport(deps, provider, parsed.report);
  crashPoint("payment.before-reply");
  return parsed.reply;
}

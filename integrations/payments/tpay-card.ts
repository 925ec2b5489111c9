// Tpay's card payments for memberships (../../../shared/INTEGRATIONS.md, "Card form" and "Recurring"):
// - the first payment: POST /transactions (our reference in hiddenDescription, pay.groupId 103), then
//   POST /transactions/{id}/pay {groupId: 103, cardPaymentData: {card: <the browser's cypher>, save}, method:
//   "pay_by_link"} -> status "correct" (paid) or a transactionPaymentUrl (3-D Secure). The cypher is forwarded
//   untouched: only Tpay holds the private key of its panel's public key;
// - a later charge: POST /transactions with pay {groupId: 103, cardPaymentData: {token}} -> status "correct";
// - the card token arrives in the notification (card_token), verified exactly as purchases' notifications are.
// Declines carry the acquirer's code (tpay-card-errors.ts). A network failure or a 5xx throws
// PaymentProviderError: the charge may have happened, so the caller reconciles instead of calling it failed.
import type {
  CardCharge,
  CardChargeResult,
  CardFailureCode,
  CardNotification,
  CardPayments,
} from "#core/ports/card-payments.ts";
import type { NotificationInput } from "#core/ports/payments.ts";
import { PaymentProviderError } from "#core/ports/payments.ts";
import { paymentProviderFields } from "#core/ports/payment-settings.ts";
import { centsToDecimal, decimalToCents } from "#core/shared/money.ts";
import { type AdapterOptions, answerError, type HttpAnswer, readSettings, record, text } from "./http.ts";
import { createTpayApi, firstErrorCode } from "./tpay-api.ts";
import { cardFailureFromTpay } from "./tpay-card-errors.ts";
import { createTpayProvider } from "./tpay.ts";

/** Tpay's payment group for card payments. */
export const tpayCardGroupId = 103;

export function createTpayCardPayments(settings: Record<string, string>, options: AdapterOptions = {}): CardPayments {
  const values = readSettings("tpay", paymentProviderFields.tpay, settings);
  const api = createTpayApi(values, options);
  // The purchase adapter verifies notifications (md5sum, then the JWS against Tpay's certificates).
  const notifications = createTpayProvider(settings, options);

  function saleFields(charge: CardCharge) {
    if (charge.currency.toUpperCase() !== "PLN") throw new PaymentProviderError("tpay", "Tpay accepts PLN only");
    return {
      amount: Number(centsToDecimal(charge.amountCents)),
      description: charge.description.slice(0, 128) || charge.reference,
      // Our reference (Tpay has no idempotency header): echoed as tr_crc and checked on every notification.
      hiddenDescription: charge.reference,
      lang: charge.language,
      payer: { email: charge.buyer.email, name: charge.buyer.name || charge.buyer.email },
      callbacks: {
        payerUrls: { success: charge.returnUrl, error: charge.returnUrl },
        notification: { url: charge.notifyUrl },
      },
    };
  }

  /** A 5xx or an unreadable answer: the outcome is unknown, so it is thrown, never reported as a decline. */
  function unknownOutcome(what: string, answer: HttpAnswer, body: Record<string, unknown>): never {
    throw answerError("tpay", what, answer, firstErrorCode(body));
  }

  /** A refused request (4xx): a card Tpay cannot read is 'Card data is not valid', anything else a sale error. */
  function refused(body: Record<string, unknown>, providerRef: string | null): CardChargeResult {
    const code = text(firstErrorCode(body));
    const failure: CardFailureCode = /card|cypher|token/i.test(code ?? "") ? "card_invalid" : "sale_error";
    return { outcome: "failed", providerRef, failure, providerCode: code };
  }

  /** What a transaction's answer says: paid, a 3-D Secure redirect, pending, or declined with the acquirer's code. */
  function readOutcome(body: Record<string, unknown>, providerRef: string): CardChargeResult {
    const status = String(body.status ?? record(body.payments).status ?? "");
    if (status === "correct" || status === "paid")
      return { outcome: "paid", providerRef, cardToken: text(body.cardToken) ?? text(body.card_token) };
    if (["declined", "error", "canceled", "cancelled", "expired"].includes(status)) {
      const attempts = record(body.payments).attempts;
      const last = record(Array.isArray(attempts) ? attempts.at(-1) : null);
      const code = text(last.paymentErrorCode) ?? text(firstErrorCode(body));
      return { outcome: "failed", providerRef, failure: cardFailureFromTpay(code), providerCode: code };
    }
    if (typeof body.transactionPaymentUrl === "string" && body.transactionPaymentUrl)
      return { outcome: "redirect", providerRef, redirectUrl: body.transactionPaymentUrl };
    return { outcome: "pending", providerRef };
  }

  return {
    name: "tpay",

    async payWithCypher(charge, card) {
      const created = await api.call("POST", "/transactions", {
        ...saleFields(charge),
        pay: { groupId: tpayCardGroupId },
      });
      const sale = record(created.json);
      if (created.status >= 500) unknownOutcome("creating the card sale", created, sale);
      if (created.status !== 200 || sale.result !== "success" || typeof sale.transactionId !== "string")
        return {
          outcome: "failed",
          providerRef: null,
          failure: "sale_error",
          providerCode: text(firstErrorCode(sale)),
        };
      const providerRef = sale.transactionId;
      const paid = await api.call("POST", `/transactions/${encodeURIComponent(providerRef)}/pay`, {
        groupId: tpayCardGroupId,
        cardPaymentData: { card: card.cypher, save: card.save },
        method: "pay_by_link",
      });
      const body = record(paid.json);
      if (paid.status >= 500) unknownOutcome("paying the card sale", paid, body);
      if (paid.status !== 200 || body.result !== "success") return refused(body, providerRef);
      return readOutcome(body, providerRef);
    },

    async chargeToken(charge, cardToken) {
      const answer = await api.call("POST", "/transactions", {
        ...saleFields(charge),
        pay: { groupId: tpayCardGroupId, cardPaymentData: { token: cardToken } },
      });
      const body = record(answer.json);
      if (answer.status >= 500) unknownOutcome("charging the saved card", answer, body);
      const providerRef = text(body.transactionId);
      if (answer.status !== 200 || body.result !== "success" || !providerRef) return refused(body, providerRef);
      return readOutcome(body, providerRef);
    },

    async parseCardNotification(input: NotificationInput): Promise<CardNotification> {
      const verified = await notifications.parseNotification(input);
      if (!verified.ok) return verified;
      const form = new URLSearchParams(input.rawBody.toString("utf8"));
      return {
        ok: true,
        reference: verified.report?.hash ?? null,
        outcome: verified.report?.outcome === "pending" ? null : (verified.report?.outcome ?? null),
        cardToken: form.get("card_token") || null,
        amountCents: decimalToCents(form.get("tr_amount") ?? "") ?? 0,
        reply: verified.reply,
      };
    },
  };
}

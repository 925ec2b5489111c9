// The port for card payments that memberships run themselves (issue 15): the first payment with the card form's
// cypher, which saves the card as a token, and later charges of that token (renewals, dunning retries). Tpay
// implements it (integrations/payments/tpay-card.ts); the cypher is forwarded untouched, never decrypted here.
import type { NotificationInput, ProviderReply } from "./payments.ts";

/** Why a card payment failed, in our words (spec §8); the messages and the hard/soft rule are in core/memberships/card/. */
export const cardFailureCodes = [
  /** 'Card data is not valid': the cypher or the card data was refused */
  "card_invalid",
  /** 'Card problem': the card was charged but no token came back to renew with */
  "card_problem",
  /** 'Please check your card details.': a field is missing before encryption */
  "check_details",
  /** 'Sale error': the provider refused to create or pay the sale */
  "sale_error",
  /** 'Transaction error, please try again': the provider failed, or answered a decline we do not know */
  "transaction_error",
  "three_ds_failed",
  "insufficient_funds",
  "limit_exceeded",
  "card_expired",
  "card_lost",
  "card_stolen",
  "closed_account",
  "do_not_honour",
] as const;
export type CardFailureCode = (typeof cardFailureCodes)[number];

export type CardCharge = {
  /** our reference, unique per charge (e.g. membership and period): Tpay's hiddenDescription, echoed as tr_crc */
  reference: string;
  amountCents: number;
  currency: string;
  description: string;
  buyer: { email: string; name: string };
  language: "en" | "pl";
  /** where the provider posts its notifications (the card token arrives in one) */
  notifyUrl: string;
  /** where the buyer comes back after 3-D Secure */
  returnUrl: string;
};

/** What may be shown of a card: the brand (card-validator's type, "amex" for American Express), last digits, expiry. */
export type CardSummary = { brand: string; last4: string; expMonth: number; expYear: number };

export type CardChargeResult =
  /** charged; the token comes with the answer when the provider gives it there, else in the notification; the
   * card's summary when the processor tells it (the built-in test provider), else the page's own */
  | { outcome: "paid"; providerRef: string; cardToken: string | null; card?: CardSummary }
  /** 3-D Secure: the browser goes to redirectUrl, the outcome arrives as a notification */
  | { outcome: "redirect"; providerRef: string; redirectUrl: string }
  /** accepted, not settled yet: the notification or a status check tells */
  | { outcome: "pending"; providerRef: string }
  | { outcome: "failed"; providerRef: string | null; failure: CardFailureCode; providerCode: string | null };

export type CardNotification =
  | {
      ok: true;
      /** our reference (the charge's), null for a notification that is not about a payment */
      reference: string | null;
      outcome: "paid" | "failed" | null;
      cardToken: string | null;
      amountCents: number;
      reply: ProviderReply;
    }
  | { ok: false; reason: string; reply: ProviderReply };

export interface CardPayments {
  readonly name: "tpay" | "test";
  /** The first payment: creates the sale and pays it with the browser's cypher; `save` asks for a card token. */
  payWithCypher(charge: CardCharge, card: { cypher: string; save: boolean }): Promise<CardChargeResult>;
  /** A later charge of a saved card (no buyer present: no 3-D Secure). */
  chargeToken(charge: CardCharge, cardToken: string): Promise<CardChargeResult>;
  /** Verifies a notification as the purchase adapter does and reads the card token from it. */
  parseCardNotification(input: NotificationInput): Promise<CardNotification>;
}

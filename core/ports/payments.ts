// The one interface every payment provider implements (the selling issue, item 4). Core code knows only this;
// the adapters live in integrations/payments/ and are picked by provider name from the enabled integrations.
// Protocol facts per provider: ../shared/INTEGRATIONS.md.
import type { PaymentProviderName } from "#platform/db/schema.ts";

/** What we ask a provider to collect. `hash` is our order id: the idempotency key and the reference we check. */
export type PaymentOrder = {
  hash: string;
  amountCents: number;
  currency: string;
  description: string;
  buyer: { email: string; name: string };
  language: "en" | "pl";
  /** where the buyer comes back to: our status page /transaction/{hash} */
  returnUrl: string;
  /** where the provider posts its notifications: /payments/{provider}/notify */
  notifyUrl: string;
  customerIp: string;
};

export type PaymentStart = {
  /** where the browser goes to pay */
  redirectUrl: string;
  /** the provider's id of the payment (session id, transaction id, order id, token) */
  providerRef: string | null;
};

/** What a verified notification (or a status check) says about one of our orders. */
export type PaymentReport = {
  /** our order id (the transaction hash) */
  hash: string;
  providerRef: string | null;
  outcome: "paid" | "failed" | "pending";
  /** the amount and currency the provider says were paid: checked against our order before anything changes */
  amountCents: number;
  currency: string;
  /** unique per delivery content: a replay of the same notification has the same key (dedupe) */
  eventKey: string;
};

export type NotificationInput = {
  headers: Record<string, string | string[] | undefined>;
  rawBody: Buffer;
  /**
   * Our order by its hash (null: no such order with this provider), for adapters whose signature check is costly
   * (Tpay fetches certificates): they refuse a notification for an unknown order or another amount or currency
   * before any network request. Absent: the adapter checks only what it can alone.
   */
  findOrder?: (hash: string) => Promise<{ amountCents: number; currency: string } | null>;
};

export type NotificationResult =
  /** signature valid: the report is applied (or ignored as a replay); `reply` is what the provider expects */
  | { ok: true; report: PaymentReport | null; reply: ProviderReply }
  /** forged, stale or malformed: nothing changes; `reason` is logged (never the body's secrets) */
  | { ok: false; reason: string; reply: ProviderReply };

export type ProviderReply = { status: number; body: string; contentType?: string };

export interface PaymentProvider {
  readonly name: Exclude<PaymentProviderName, "free">;
  /** Creates the payment at the provider, with an idempotency key derived from order.hash. */
  createPayment(order: PaymentOrder): Promise<PaymentStart>;
  /** Verifies a notification exactly as the provider documents it (signature first) and reads it. */
  parseNotification(input: NotificationInput): Promise<NotificationResult>;
  /**
   * Called after our checks (amount, currency, order) passed and before the order is marked paid, for providers
   * whose protocol needs a confirmation call (Przelewy24's verify). Throws when the provider refuses.
   */
  confirm?(
    report: PaymentReport,
    order: { hash: string; amountCents: number; currency: string; providerRef: string | null },
  ): Promise<void>;
  /** Asks the provider where a payment stands (the 5-minute re-check of pending transactions). */
  fetchStatus(order: {
    hash: string;
    amountCents: number;
    currency: string;
    providerRef: string | null;
  }): Promise<PaymentReport>;
}

/** Thrown by adapters when the provider cannot be reached or answers an error; the message is safe to log. */
export class PaymentProviderError extends Error {
  readonly provider: string;
  constructor(provider: string, message: string) {
    super(`${provider}: ${message}`);
    this.provider = provider;
  }
}

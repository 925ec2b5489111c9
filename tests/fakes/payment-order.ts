// A PaymentOrder for adapter tests: a fresh random hash each time, 123.45 PLN unless overridden.
import { randomBytes } from "node:crypto";
import type { NotificationInput, PaymentOrder } from "#core/ports/payments.ts";
import type { SignedNotification } from "./fake-http.ts";

export function samplePaymentOrder(overrides: Partial<PaymentOrder> = {}): PaymentOrder {
  const hash = overrides.hash ?? randomBytes(16).toString("hex");
  return {
    hash,
    amountCents: 12345,
    currency: "PLN",
    description: "Course: TypeScript from scratch",
    buyer: { email: "buyer@example.com", name: "Anna Nowak" },
    language: "pl",
    returnUrl: `http://studium.test/transaction/${hash}`,
    notifyUrl: "http://studium.test/payments/test/notify",
    customerIp: "127.0.0.1",
    ...overrides,
  };
}

/** A notification as our route hands it to parseNotification (Node's lower-case headers, the raw bytes). */
export function asNotificationInput(notification: SignedNotification): NotificationInput {
  return {
    headers: Object.fromEntries(Object.entries(notification.headers).map(([key, value]) => [key.toLowerCase(), value])),
    rawBody: Buffer.from(notification.body),
  };
}

// The built-in test payment provider (the selling issue, item 4): a clearly marked simulated payment page with
// Pay and Fail buttons, for development and demos. It goes through the same path as a real provider: the page's
// buttons produce a notification signed with a key derived from the server secret, verified and applied like any
// other. It has no state of its own, so a re-check reports 'pending' until the buyer decides; an unanswered test
// payment is canceled after an hour (recheck-pending.ts).
import { createHmac, timingSafeEqual } from "node:crypto";
import type { NotificationInput, PaymentOrder, PaymentProvider, PaymentReport } from "#core/ports/payments.ts";

export type TestDecision = "paid" | "failed";

export function createTestProvider(secret: Buffer): PaymentProvider & {
  signedNotification(
    order: { hash: string; amountCents: number; currency: string },
    decision: TestDecision,
  ): NotificationInput;
} {
  const key = createHmac("sha256", secret).update("studium test payments").digest();
  const sign = (body: Buffer) => createHmac("sha256", key).update(body).digest("hex");
  return {
    name: "test",
    async createPayment(order: PaymentOrder) {
      return { redirectUrl: `/payments/test/${order.hash}`, providerRef: `test_${order.hash}` };
    },
    async parseNotification(input) {
      const given = String(input.headers["x-test-signature"] ?? "");
      const expected = sign(input.rawBody);
      const valid = given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
      if (!valid) return { ok: false, reason: "bad signature", reply: { status: 400, body: "bad signature" } };
      const body = JSON.parse(input.rawBody.toString("utf8")) as {
        hash: string;
        decision: TestDecision;
        amount_cents: number;
        currency: string;
      };
      const report: PaymentReport = {
        hash: body.hash,
        providerRef: `test_${body.hash}`,
        outcome: body.decision,
        amountCents: body.amount_cents,
        currency: body.currency,
        eventKey: `${body.hash}:${body.decision}`,
      };
      return { ok: true, report, reply: { status: 200, body: "OK" } };
    },
    async fetchStatus(order) {
      return {
        hash: order.hash,
        providerRef: order.providerRef,
        outcome: "pending",
        amountCents: order.amountCents,
        currency: order.currency,
        eventKey: `${order.hash}:check`,
      };
    },
    signedNotification(order, decision) {
      const rawBody = Buffer.from(
        JSON.stringify({ hash: order.hash, decision, amount_cents: order.amountCents, currency: order.currency }),
      );
      return { headers: { "x-test-signature": sign(rawBody) }, rawBody };
    },
  };
}

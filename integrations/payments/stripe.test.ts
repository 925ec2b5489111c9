import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PaymentProvider } from "#core/ports/payments.ts";
import { asNotificationInput, samplePaymentOrder } from "#tests/fakes/payment-order.ts";
import { type StripeFake, type StripeVariant, startStripeFake, stripeSignature } from "#tests/fakes/stripe.ts";
import { createStripeProvider, sessionReport } from "./stripe.ts";

let fake: StripeFake;
let stripe: PaymentProvider;
let paidEventId: string;

beforeAll(async () => {
  fake = await startStripeFake();
  stripe = createStripeProvider(fake.settings, { baseUrl: fake.url });
  const start = await stripe.createPayment(samplePaymentOrder());
  paidEventId = fake.pay(start.providerRef!).id;
});
afterAll(async () => {
  expect(fake.unhandled).toEqual([]);
  await fake.close();
});

describe("Stripe webhook signatures", () => {
  it("accepts Stripe's own test header (stripe.webhooks.generateTestHeaderString), which the fake matches byte for byte", async () => {
    const notification = fake.notification(paidEventId);
    const body = String(notification.body);
    const timestamp = Number(/t=(\d+)/.exec(notification.headers["stripe-signature"]!)![1]);
    const official = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: fake.webhookSecret, timestamp });
    expect(notification.headers["stripe-signature"]).toBe(official);
    const result = await stripe.parseNotification({
      headers: { "stripe-signature": official },
      rawBody: Buffer.from(body),
    });
    expect(result.ok && result.report?.outcome).toBe("paid");
  });

  it("accepts when any one of several v1 signatures matches", async () => {
    const body = String(fake.notification(paidEventId).body);
    const t = Math.floor(Date.now() / 1000);
    const header = `t=${t},v1=${stripeSignature(body, t, "whsec_old_secret")},v1=${stripeSignature(body, t, fake.webhookSecret)}`;
    expect(
      (await stripe.parseNotification({ headers: { "stripe-signature": header }, rawBody: Buffer.from(body) })).ok,
    ).toBe(true);
  });

  it("keeps the 300 s tolerance: 299 s old passes, 301 s old is refused", async () => {
    const body = String(fake.notification(paidEventId).body);
    const at = (age: number) => {
      const t = Math.floor(Date.now() / 1000) - age;
      return {
        headers: { "stripe-signature": `t=${t},v1=${stripeSignature(body, t, fake.webhookSecret)}` },
        rawBody: Buffer.from(body),
      };
    };
    expect((await stripe.parseNotification(at(299))).ok).toBe(true);
    expect(await stripe.parseNotification(at(301))).toMatchObject({
      ok: false,
      reason: "timestamp outside the 300 s tolerance",
      reply: { status: 400 },
    });
  });

  it("refuses a missing header", async () => {
    const body = String(fake.notification(paidEventId).body);
    expect(await stripe.parseNotification({ headers: {}, rawBody: Buffer.from(body) })).toMatchObject({
      ok: false,
      reply: { status: 400 },
    });
  });

  it("rejects 1,000 forged notifications (one byte changed, wrong key, stale timestamp) before asking Stripe anything", async () => {
    const variants: StripeVariant[] = ["body-byte", "signature-byte", "wrong-key", "stale"];
    const requestsBefore = fake.requests.length;
    const accepted: string[] = [];
    for (let index = 0; index < 1000; index += 1) {
      const variant = variants[index % variants.length]!;
      const result = await stripe.parseNotification(
        asNotificationInput(fake.notification(paidEventId, variant, index)),
      );
      if (result.ok || result.reply.status !== 400) accepted.push(`${variant} #${index}`);
    }
    expect(accepted).toEqual([]);
    expect(fake.requests.length).toBe(requestsBefore);
  });
});

describe("Stripe session outcome", () => {
  const base = {
    id: "cs_test_1",
    client_reference_id: "hash1",
    amount_total: 12345,
    currency: "pln",
    status: "open",
    payment_status: "unpaid",
    payment_intent: null,
  };
  const outcome = (fields: Record<string, unknown>) =>
    sessionReport({ ...base, ...fields } as unknown as Stripe.Checkout.Session, "k")?.outcome;

  it("reads paid, failed and pending from the session and its payment intent", () => {
    expect(outcome({ status: "complete", payment_status: "paid" })).toBe("paid");
    expect(outcome({ status: "complete", payment_status: "no_payment_required" })).toBe("paid");
    expect(outcome({ status: "expired" })).toBe("failed");
    expect(outcome({ status: "complete", payment_intent: { status: "requires_payment_method" } })).toBe("failed");
    expect(outcome({ status: "complete", payment_intent: { status: "processing" } })).toBe("pending");
    expect(outcome({})).toBe("pending");
  });

  it("reports the amount in minor units and the currency upper-cased; sessions without our reference are not ours", () => {
    const report = sessionReport(
      { ...base, status: "complete", payment_status: "paid" } as unknown as Stripe.Checkout.Session,
      "k",
    );
    expect(report).toEqual({
      hash: "hash1",
      providerRef: "cs_test_1",
      outcome: "paid",
      amountCents: 12345,
      currency: "PLN",
      eventKey: "k",
    });
    expect(sessionReport({ ...base, client_reference_id: null } as unknown as Stripe.Checkout.Session, "k")).toBeNull();
  });
});

import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PaymentProvider } from "#core/ports/payments.ts";
import { asNotificationInput, samplePaymentOrder } from "#tests/fakes/payment-order.ts";
import { type PayuFake, type PayuVariant, startPayuFake } from "#tests/fakes/payu.ts";
import { createPayuProvider, parsePayuSignatureHeader, payuSignature, payuStatusOutcome } from "./payu.ts";

// PayU's public sandbox second key (documented for fixtures).
const sandboxSecondKey = "13a980d4f851f3d9a1cfc792fb1f5e50";

describe("PayU signatures", () => {
  const body = '{"order":{"orderId":"LDLW5N7MF4140324GUEST000P01","status":"COMPLETED"}}';

  it("MD5 and SHA-256 of the raw body followed by the second key", () => {
    expect(payuSignature(body, sandboxSecondKey, "MD5")).toBe(
      createHash("md5")
        .update(body + sandboxSecondKey)
        .digest("hex"),
    );
    expect(payuSignature(Buffer.from(body), sandboxSecondKey, "SHA-256")).toBe(
      createHash("sha256")
        .update(body + sandboxSecondKey)
        .digest("hex"),
    );
  });

  it("reads the OpenPayu-Signature header", () => {
    expect(parsePayuSignatureHeader("sender=checkout;signature=ABC123;algorithm=MD5;content=DOCUMENT")).toEqual({
      signature: "abc123",
      algorithm: "MD5",
    });
    expect(parsePayuSignatureHeader("sender=checkout;signature=ab;algorithm=SHA256;content=DOCUMENT")?.algorithm).toBe(
      "SHA-256",
    );
    expect(parsePayuSignatureHeader("sender=checkout;signature=ab;algorithm=SHA1")?.algorithm).toBeNull();
    expect(parsePayuSignatureHeader("sender=checkout;algorithm=MD5")).toBeNull();
  });

  it("maps the order statuses", () => {
    expect(["NEW", "PENDING", "WAITING_FOR_CONFIRMATION", "COMPLETED", "CANCELED"].map(payuStatusOutcome)).toEqual([
      "pending",
      "pending",
      "pending",
      "paid",
      "failed",
    ]);
  });
});

for (const algorithm of ["MD5", "SHA-256"] as const) {
  describe(`PayU notifications signed with ${algorithm}`, () => {
    let fake: PayuFake;
    let payu: PaymentProvider;
    let orderId: string;

    beforeAll(async () => {
      fake = await startPayuFake({ algorithm });
      payu = createPayuProvider(fake.settings, { baseUrl: fake.url });
      orderId = (await payu.createPayment(samplePaymentOrder())).providerRef!;
      fake.pay(orderId);
    });
    afterAll(async () => {
      expect(fake.unhandled).toEqual([]);
      await fake.close();
    });

    it("accepts the fake's notification and answers 200", async () => {
      expect(await payu.parseNotification(asNotificationInput(fake.notification(orderId)))).toMatchObject({
        ok: true,
        report: { outcome: "paid", amountCents: 12345, currency: "PLN" },
        reply: { status: 200 },
      });
    });

    it("refuses a valid signature made with the other algorithm (no downgrade), still answering 200", async () => {
      expect(
        await payu.parseNotification(asNotificationInput(fake.notification(orderId, "other-algorithm"))),
      ).toMatchObject({
        ok: false,
        reason: "signature algorithm differs from the configured one",
        reply: { status: 200 },
      });
    });

    it("rejects 1,000 forged notifications (one byte changed in body or signature, wrong second key)", async () => {
      const variants: PayuVariant[] = ["body-byte", "signature-byte", "wrong-key"];
      const accepted: string[] = [];
      for (let index = 0; index < 1000; index += 1) {
        const variant = variants[index % variants.length]!;
        const result = await payu.parseNotification(
          asNotificationInput(fake.notification(orderId, variant, { index })),
        );
        if (result.ok || result.reply.status !== 200) accepted.push(`${variant} #${index}`);
      }
      expect(accepted).toEqual([]);
    });
  });
}

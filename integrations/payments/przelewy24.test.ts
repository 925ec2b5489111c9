import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PaymentProvider } from "#core/ports/payments.ts";
import { asNotificationInput, samplePaymentOrder } from "#tests/fakes/payment-order.ts";
import { type Przelewy24Fake, type Przelewy24Variant, startPrzelewy24Fake } from "#tests/fakes/przelewy24.ts";
import {
  createPrzelewy24Provider,
  p24NotificationSign,
  p24RegisterSign,
  p24StatusOutcome,
  p24VerifySign,
} from "./przelewy24.ts";

const sha384 = (text: string) => createHash("sha384").update(text).digest("hex");

describe("Przelewy24 sign key orders", () => {
  it("register: sessionId, merchantId, amount, currency, crc", () => {
    expect(p24RegisterSign({ sessionId: "s-1", merchantId: 100200, amount: 12345, currency: "PLN" }, "crc1")).toBe(
      sha384('{"sessionId":"s-1","merchantId":100200,"amount":12345,"currency":"PLN","crc":"crc1"}'),
    );
  });

  it("notification: merchantId, posId, sessionId, amount, originAmount, currency, orderId, methodId, statement, crc", () => {
    const fields = {
      statement: "p24-A1",
      methodId: 25,
      orderId: 300000001,
      currency: "PLN",
      originAmount: 12345,
      amount: 12345,
      sessionId: "s-1",
      posId: 100201,
      merchantId: 100200,
    };
    expect(p24NotificationSign(fields, "crc1")).toBe(
      sha384(
        '{"merchantId":100200,"posId":100201,"sessionId":"s-1","amount":12345,"originAmount":12345,"currency":"PLN","orderId":300000001,"methodId":25,"statement":"p24-A1","crc":"crc1"}',
      ),
    );
  });

  it("verify: sessionId, orderId, amount, currency, crc", () => {
    expect(p24VerifySign({ currency: "PLN", amount: 12345, orderId: 300000001, sessionId: "s-1" }, "crc1")).toBe(
      sha384('{"sessionId":"s-1","orderId":300000001,"amount":12345,"currency":"PLN","crc":"crc1"}'),
    );
  });

  it("keeps non-ASCII and slashes unescaped, like P24's JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES", () => {
    expect(p24RegisterSign({ sessionId: "zażółć/1", merchantId: 1, amount: 1, currency: "PLN" }, "c")).toBe(
      sha384('{"sessionId":"zażółć/1","merchantId":1,"amount":1,"currency":"PLN","crc":"c"}'),
    );
  });

  it("maps the transaction statuses (1 paid awaiting verify, 2 verified, 3 returned)", () => {
    expect([0, 1, 2, 3].map(p24StatusOutcome)).toEqual(["pending", "paid", "paid", "failed"]);
  });
});

describe("Przelewy24 notifications", () => {
  let fake: Przelewy24Fake;
  let p24: PaymentProvider;
  let sessionId: string;

  beforeAll(async () => {
    fake = await startPrzelewy24Fake();
    p24 = createPrzelewy24Provider(fake.settings, { baseUrl: fake.url });
    const order = samplePaymentOrder();
    await p24.createPayment(order);
    sessionId = order.hash;
    fake.pay(sessionId);
  });
  afterAll(async () => {
    expect(fake.unhandled).toEqual([]);
    await fake.close();
  });

  it("accepts the fake's signed notification", async () => {
    expect(await p24.parseNotification(asNotificationInput(fake.notification(sessionId)))).toMatchObject({
      ok: true,
      report: { hash: sessionId, outcome: "paid", amountCents: 12345, currency: "PLN" },
      reply: { status: 200 },
    });
  });

  it("refuses a notification for another merchant even when signed with our CRC", async () => {
    const other = await startPrzelewy24Fake({ merchantId: 999, crc: fake.crc });
    try {
      const adapter = createPrzelewy24Provider(other.settings, { baseUrl: other.url });
      const order = samplePaymentOrder();
      await adapter.createPayment(order);
      other.pay(order.hash);
      const result = await p24.parseNotification(asNotificationInput(other.notification(order.hash)));
      expect(result).toMatchObject({ ok: false, reason: "notification for another merchant or POS" });
    } finally {
      await other.close();
    }
  });

  it("rejects 1,000 forged notifications (one byte changed in body or sign, wrong CRC key)", async () => {
    const variants: Przelewy24Variant[] = ["body-byte", "signature-byte", "wrong-key"];
    const accepted: string[] = [];
    for (let index = 0; index < 1000; index += 1) {
      const variant = variants[index % variants.length]!;
      const result = await p24.parseNotification(asNotificationInput(fake.notification(sessionId, variant, { index })));
      if (result.ok || result.reply.status === 200) accepted.push(`${variant} #${index}`);
    }
    expect(accepted).toEqual([]);
  });
});

import { createHash, sign, X509Certificate } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PaymentProvider } from "#core/ports/payments.ts";
import { asNotificationInput, samplePaymentOrder } from "#tests/fakes/payment-order.ts";
import { tpayCertificates } from "#tests/fakes/tpay-certificates.ts";
import { startTpayFake, type TpayFake, type TpayVariant } from "#tests/fakes/tpay.ts";
import { createTpayProvider, tpayMd5sum, tpayStatusOutcome } from "./tpay.ts";
import { type JwsTrust, verifyTpayJws } from "./tpay-jws.ts";

let fake: TpayFake;
let tpay: PaymentProvider;
let transactionId: string;

beforeAll(async () => {
  fake = await startTpayFake();
  tpay = createTpayProvider(fake.settings, { baseUrl: fake.url });
  const start = await tpay.createPayment(samplePaymentOrder());
  transactionId = start.providerRef!;
  fake.pay(transactionId);
});
afterAll(async () => {
  expect(fake.unhandled).toEqual([]);
  await fake.close();
});

describe("Tpay md5sum", () => {
  it("is md5(id + tr_id + amount as %.2f + tr_crc + security code)", () => {
    const expected = createHash("md5").update("1010TR-ABC-1234567120.50order-hashcode").digest("hex");
    expect(tpayMd5sum({ id: "1010", trId: "TR-ABC-1234567", amountCents: 12050, crc: "order-hash" }, "code")).toBe(
      expected,
    );
  });
});

describe("Tpay JWS", () => {
  const certificates = tpayCertificates();
  const root = new X509Certificate(certificates.rootPem);
  const served = new Map([
    ["https://secure.tpay.com/x509/notifications-jws.pem", new X509Certificate(certificates.signingPem)],
    ["https://secure.tpay.com/x509/rogue.pem", new X509Certificate(certificates.rogueSigningPem)],
  ]);
  const trust: JwsTrust = {
    origin: "https://secure.tpay.com",
    certificatePrefix: "https://secure.tpay.com/x509/",
    root: async () => root,
    certificate: async (url) => served.get(url) ?? null,
  };
  const body = Buffer.from("id=1010&tr_id=TR-1&tr_amount=1.00&tr_crc=x&md5sum=y");
  const jws = (header: Record<string, unknown>, key = certificates.signingKeyPem, payload = body) => {
    const encoded = Buffer.from(JSON.stringify(header)).toString("base64url");
    return `${encoded}..${sign("sha256", Buffer.from(`${encoded}.${payload.toString("base64url")}`), key).toString("base64url")}`;
  };
  const x5u = "https://secure.tpay.com/x509/notifications-jws.pem";

  it("accepts RS256 over header.base64url(body) by a certificate the root issued, x5u on the trusted origin", async () => {
    expect(await verifyTpayJws(jws({ alg: "RS256", x5u }), body, trust)).toEqual({ ok: true });
  });

  it("refuses look-alike hosts, other algorithms, rogue certificates, expired certificates and changed bodies", async () => {
    const refused = async (value: string | null, now?: Date, payload = body) => {
      const result = await verifyTpayJws(value, payload, trust, now);
      return result.ok ? "accepted" : result.reason;
    };
    expect(await refused(null)).toBe("missing X-JWS-Signature header");
    expect(
      await refused(jws({ alg: "RS256", x5u: "https://secure.tpay.com.attacker.example/x509/notifications-jws.pem" })),
    ).toBe("x5u is not on the provider's trusted host");
    expect(await refused(jws({ alg: "RS256", x5u: "http://secure.tpay.com/x509/notifications-jws.pem" }))).toBe(
      "x5u is not on the provider's trusted host",
    );
    expect(await refused(jws({ alg: "none", x5u }))).toBe("JWS algorithm is not RS256");
    expect(
      await refused(
        jws({ alg: "RS256", x5u: "https://secure.tpay.com/x509/rogue.pem" }, certificates.rogueSigningKeyPem),
      ),
    ).toBe("signing certificate is not issued by the trusted root");
    expect(await refused(jws({ alg: "RS256", x5u: "https://secure.tpay.com/x509/missing.pem" }))).toBe(
      "no certificate at x5u",
    );
    expect(await refused(jws({ alg: "RS256", x5u }), new Date(Date.now() + 5 * 365 * 86_400_000))).toBe(
      "signing certificate is not valid now",
    );
    expect(await refused(jws({ alg: "RS256", x5u }, certificates.rogueSigningKeyPem))).toBe("JWS signature mismatch");
    expect(await refused(jws({ alg: "RS256", x5u }), undefined, Buffer.from(`${body.toString()}0`))).toBe(
      "JWS signature mismatch",
    );
    expect(await refused("not-a-jws")).toBe("malformed JWS");
  });

  it("accepts only a .pem file right under the secure host's /x509/, written as it is", async () => {
    const fetched: string[] = [];
    const counting: JwsTrust = { ...trust, certificate: async (url) => (fetched.push(url), served.get(url) ?? null) };
    for (const address of [
      "https://secure.tpay.com/transactions/notifications-jws.pem",
      "https://secure.tpay.com/x509/notifications-jws.pem?v=1",
      "https://secure.tpay.com/x509/notifications-jws.pem#x",
      "https://secure.tpay.com/x509/sub/notifications-jws.pem",
      "https://secure.tpay.com/x509/../oauth/auth.pem",
      "https://secure.tpay.com/x509/%2e%2e/notifications-jws.pem",
      "https://secure.tpay.com/x509/notifications-jws.txt",
      "https://secure.tpay.com:443/x509/notifications-jws.pem",
      "https://SECURE.tpay.com/x509/notifications-jws.pem",
    ]) {
      const result = await verifyTpayJws(jws({ alg: "RS256", x5u: address }), body, counting);
      expect({ address, result }).toEqual({
        address,
        result: { ok: false, reason: "x5u is not one of the provider's certificate addresses" },
      });
    }
    expect(fetched).toEqual([]);
  });
});

describe("Tpay notifications", () => {
  it("accepts the fake's notification and answers exactly TRUE", async () => {
    const result = await tpay.parseNotification(asNotificationInput(fake.notification(transactionId)));
    expect(result).toMatchObject({
      ok: true,
      report: { outcome: "paid", amountCents: 12345 },
      reply: { status: 200, body: "TRUE" },
    });
  });

  it("rejects every forged variant once: rogue certificate, untrusted x5u, wrong security code", async () => {
    for (const variant of [
      "rogue-certificate",
      "untrusted-x5u",
      "wrong-security-code",
      "wrong-key",
      "body-byte",
      "signature-byte",
    ] as const) {
      const result = await tpay.parseNotification(asNotificationInput(fake.notification(transactionId, variant)));
      expect({ variant, ok: result.ok, body: result.reply.body }).toEqual({ variant, ok: false, body: "FALSE" });
    }
  });

  it("rejects 1,000 forged notifications (one byte changed in body or signature, wrong key, wrong security code)", async () => {
    const variants: TpayVariant[] = ["body-byte", "signature-byte", "wrong-key", "wrong-security-code"];
    const accepted: string[] = [];
    for (let index = 0; index < 1000; index += 1) {
      const variant = variants[index % variants.length]!;
      const result = await tpay.parseNotification(
        asNotificationInput(fake.notification(transactionId, variant, { index })),
      );
      if (result.ok || result.reply.body === "TRUE") accepted.push(`${variant} #${index}`);
    }
    expect(accepted).toEqual([]);
  });

  it("maps the OpenAPI transaction statuses", () => {
    expect(tpayStatusOutcome("correct")).toBe("paid");
    expect(tpayStatusOutcome("paid")).toBe("paid");
    expect(tpayStatusOutcome("pending")).toBe("pending");
    expect(tpayStatusOutcome("error")).toBe("failed");
    expect(tpayStatusOutcome("refund")).toBe("failed");
  });
});

// Tpay's card payments against the stateful fake: the browser's cypher (JSEncrypt with the fake's public key) is
// forwarded untouched and decrypted only by the fake; the card is saved as a token delivered in a signed
// notification; later charges use the token; declines carry the acquirer's codes; 3-D Secure redirects.
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { encryptCard, type RsaEncryptor } from "#core/memberships/card/encrypt-card.ts";
import { declineClass } from "#core/memberships/card/card-failures.ts";
import type { CardCharge, CardPayments } from "#core/ports/card-payments.ts";
import { cardKeyPairFromPem, generateCardKeyPem } from "#core/memberships/card/card-key-pair.ts";
import { testCards } from "#core/memberships/card/test-cards.ts";
import { asNotificationInput } from "#tests/fakes/payment-order.ts";
import { startTpayFake, type TpayFake } from "#tests/fakes/tpay.ts";
import { createTpayCardPayments, tpayCardGroupId } from "./tpay-card.ts";
import { cardFailureFromTpay } from "./tpay-card-errors.ts";

const JSEncrypt = createRequire(import.meta.url)("jsencrypt") as new () => RsaEncryptor;
const visa = "4111 1111 1111 1111";
const mastercard = "5555 5555 5555 4444";
const origin = "https://school.example";

let fake: TpayFake;
let cards: CardPayments;
let collector: Server;
let notifyUrl: string;
const received: { body: string; headers: Record<string, string | string[] | undefined> }[] = [];

beforeAll(async () => {
  fake = await startTpayFake();
  cards = createTpayCardPayments(fake.settings, { baseUrl: fake.url });
  // Our server's notification address, played by a collector that answers TRUE like ours.
  collector = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ body: Buffer.concat(chunks).toString("utf8"), headers: request.headers });
      response.end("TRUE");
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, "127.0.0.1", resolve));
  notifyUrl = `http://127.0.0.1:${(collector.address() as AddressInfo).port}/payments/tpay/notify`;
});
afterAll(async () => {
  expect(fake.unhandled).toEqual([]);
  await fake.close();
  await new Promise<void>((resolve) => collector.close(() => resolve()));
});
beforeEach(() => {
  received.length = 0;
});

function charge(overrides: Partial<CardCharge> = {}): CardCharge {
  return {
    reference: `ms_${randomBytes(8).toString("hex")}`,
    amountCents: 4900,
    currency: "PLN",
    description: "Membership: Monthly",
    buyer: { email: "member@example.com", name: "Anna Nowak" },
    language: "pl",
    notifyUrl,
    returnUrl: "http://studium.test/my/membership",
    ...overrides,
  };
}

function cypherOf(cardNumber: string, publicKeyBase64 = fake.cardKeys.publicKeyBase64) {
  const cypher = encryptCard(
    { cardNumber, cardMonth: "12", cardYear: String(new Date().getFullYear() + 2), cardCvv: "123" },
    { origin, publicKeyBase64, encryptor: new JSEncrypt() },
  );
  if (!cypher) throw new Error("the test card did not encrypt");
  return cypher;
}

async function firstPayment(cardNumber = visa) {
  const sale = charge();
  const result = await cards.payWithCypher(sale, { cypher: cypherOf(cardNumber), save: true });
  await fake.settled();
  const notification = received.find((r) => new URLSearchParams(r.body).get("tr_crc") === sale.reference);
  return { sale, result, notification };
}

describe("the first payment with the card form's cypher", () => {
  it("creates a sale in group 103 and pays it with the cypher untouched, save requested", async () => {
    const sale = charge();
    const cypher = cypherOf(visa);
    const result = await cards.payWithCypher(sale, { cypher, save: true });
    expect(result).toMatchObject({ outcome: "paid" });
    const create = fake.requests.findLast((r) => r.method === "POST" && r.path === "/transactions")!;
    expect(JSON.parse(create.body)).toMatchObject({
      amount: 49,
      hiddenDescription: sale.reference,
      pay: { groupId: tpayCardGroupId },
    });
    const pay = fake.requests.findLast((r) => r.path.endsWith("/pay"))!;
    expect(JSON.parse(pay.body)).toEqual({
      groupId: 103,
      cardPaymentData: { card: cypher, save: true },
      method: "pay_by_link",
    });
    expect(pay.headers.authorization).toMatch(/^Bearer /);
    // The fake (Tpay) read number|MM/YY|cvv|origin out of it.
    expect(fake.lastCardPayload).toMatchObject({ number: "4111111111111111", month: "12", cvv: "123", origin });
  });

  it("gets the card token from the signed notification, verified like a purchase's", async () => {
    const { sale, result, notification } = await firstPayment();
    expect(notification).toBeDefined();
    const parsed = await cards.parseCardNotification(
      asNotificationInput({ headers: notification!.headers as Record<string, string>, body: notification!.body }),
    );
    expect(parsed).toMatchObject({ ok: true, reference: sale.reference, outcome: "paid", amountCents: 4900 });
    const token = parsed.ok ? parsed.cardToken : null;
    expect(token).toMatch(/^ct_/);
    expect(fake.cardTokens.get(token!)).toEqual({ number: "4111111111111111" });
    expect(result.outcome === "paid" && result.providerRef).toBeTruthy();
  });

  it("refuses a notification whose card token was swapped (the JWS covers it)", async () => {
    const { notification } = await firstPayment();
    const forged = notification!.body.replace(/card_token=[^&]+/, "card_token=ct_attacker");
    const parsed = await cards.parseCardNotification(
      asNotificationInput({ headers: notification!.headers as Record<string, string>, body: forged }),
    );
    expect(parsed.ok).toBe(false);
  });

  it("is 'Card data is not valid' when the cypher was made with another key", async () => {
    const other = cardKeyPairFromPem(generateCardKeyPem());
    const result = await cards.payWithCypher(charge(), { cypher: cypherOf(visa, other.publicKeyBase64), save: true });
    expect(result).toMatchObject({ outcome: "failed", failure: "card_invalid" });
  });

  it("redirects to 3-D Secure when the card asks for it, and saves the card once the buyer passes", async () => {
    fake.setCardBehaviour("5555555555554444", { threeDs: true });
    try {
      const sale = charge();
      const result = await cards.payWithCypher(sale, { cypher: cypherOf(mastercard), save: true });
      expect(result).toMatchObject({ outcome: "redirect" });
      if (result.outcome !== "redirect") return;
      expect(result.redirectUrl.startsWith(fake.url)).toBe(true);
      fake.pay(result.providerRef);
      const parsed = await cards.parseCardNotification(asNotificationInput(fake.notification(result.providerRef)));
      expect(parsed).toMatchObject({ ok: true, reference: sale.reference, outcome: "paid" });
      expect(parsed.ok && parsed.cardToken).toMatch(/^ct_/);
    } finally {
      fake.setCardBehaviour("5555555555554444", null);
    }
  });

  it("reports a decline with the acquirer's code mapped to §8's failure", async () => {
    fake.setCardBehaviour("5555555555554444", { decline: "51" });
    try {
      const result = await cards.payWithCypher(charge(), { cypher: cypherOf(mastercard), save: true });
      expect(result).toMatchObject({ outcome: "failed", failure: "insufficient_funds", providerCode: "51" });
    } finally {
      fake.setCardBehaviour("5555555555554444", null);
    }
  });
});

describe("later charges of the saved card", () => {
  async function savedToken(cardNumber = visa) {
    const { notification } = await firstPayment(cardNumber);
    const parsed = await cards.parseCardNotification(
      asNotificationInput({ headers: notification!.headers as Record<string, string>, body: notification!.body }),
    );
    return parsed.ok ? parsed.cardToken! : "";
  }

  it("charges the token in group 103 without the buyer and is paid", async () => {
    const token = await savedToken();
    const renewal = charge({ reference: `ms_renewal_${randomBytes(4).toString("hex")}` });
    const result = await cards.chargeToken(renewal, token);
    expect(result).toMatchObject({ outcome: "paid" });
    const create = fake.requests.findLast((r) => r.method === "POST" && r.path === "/transactions")!;
    expect(JSON.parse(create.body).pay).toEqual({ groupId: 103, cardPaymentData: { token } });
    expect(fake.cardCharges.filter((c) => c.reference === renewal.reference)).toHaveLength(1);
  });

  it.each([
    ["43", "card_stolen", "hard"],
    ["41", "card_lost", "hard"],
    ["05", "do_not_honour", "hard"],
    ["46", "closed_account", "hard"],
    ["54", "card_expired", "hard"],
    ["51", "insufficient_funds", "soft"],
    ["61", "limit_exceeded", "soft"],
  ] as const)("a decline %s is %s, a %s decline", async (code, failure, kind) => {
    const token = await savedToken(mastercard);
    fake.setCardBehaviour("5555555555554444", { decline: code });
    try {
      const result = await cards.chargeToken(charge(), token);
      expect(result).toMatchObject({ outcome: "failed", failure, providerCode: code });
      if (result.outcome === "failed") expect(declineClass(result.failure)).toBe(kind);
    } finally {
      fake.setCardBehaviour("5555555555554444", null);
    }
  });

  it("is 'Card data is not valid' for a token Tpay does not know", async () => {
    expect(await cards.chargeToken(charge(), "ct_unknown")).toMatchObject({
      outcome: "failed",
      failure: "card_invalid",
    });
  });

  it("throws (outcome unknown, to reconcile) when Tpay cannot be reached, never calls it declined", async () => {
    const offline = createTpayCardPayments(fake.settings, { baseUrl: "http://127.0.0.1:9" });
    await expect(offline.chargeToken(charge(), "ct_x")).rejects.toThrow(/tpay/);
  });
});

describe("the test cards at the fake Tpay: every outcome through the adapter", () => {
  it.each(testCards.map((card) => [card.number, card.outcome] as const))("%s: %s", async (number, outcome) => {
    const sale = charge();
    const cvv = number.startsWith("37") ? "1234" : "123";
    const cypher = encryptCard(
      { cardNumber: number, cardMonth: "12", cardYear: String(new Date().getFullYear() + 2), cardCvv: cvv },
      { origin, publicKeyBase64: fake.cardKeys.publicKeyBase64, encryptor: new JSEncrypt() },
    )!;
    const result = await cards.payWithCypher(sale, { cypher, save: true });
    if (outcome === "paid" || outcome === "card_problem") {
      expect(result.outcome).toBe("paid");
      await fake.settled();
      const delivered = received.find((r) => new URLSearchParams(r.body).get("tr_crc") === sale.reference)!;
      const parsed = await cards.parseCardNotification(
        asNotificationInput({ headers: delivered.headers as Record<string, string>, body: delivered.body }),
      );
      // 'Card problem': charged, but no token to renew with.
      expect(parsed.ok && parsed.cardToken !== null).toBe(outcome === "paid");
    } else if (outcome === "three_ds") expect(result.outcome).toBe("redirect");
    else expect(result).toMatchObject({ outcome: "failed", failure: outcome });
  });
});

describe("Tpay's codes as §8's failures", () => {
  it.each([
    ["05", "do_not_honour"],
    ["5", "do_not_honour"],
    ["51", "insufficient_funds"],
    ["61", "limit_exceeded"],
    ["65", "limit_exceeded"],
    ["54", "card_expired"],
    ["33", "card_expired"],
    ["41", "card_lost"],
    ["43", "card_stolen"],
    ["04", "card_stolen"],
    ["46", "closed_account"],
    ["14", "card_invalid"],
    ["n7", "card_invalid"],
    ["96", "transaction_error"],
    ["3ds_failed", "three_ds_failed"],
    ["zz", "transaction_error"],
    [undefined, "transaction_error"],
  ])("%s is %s", (code, failure) => {
    expect(cardFailureFromTpay(code)).toBe(failure);
  });
});

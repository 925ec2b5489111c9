// The built-in test provider playing the card processor for the RSA card form (issue 15: "simulates success,
// decline, 3-D Secure and each §8 failure, so a new owner can try every path"). It reads the cypher with the
// school's own private key (decrypt-cypher.ts, openssl: Node refuses PKCS#1 v1.5 decryption), checks §5's rules
// as a processor would, and answers what the test card's number plays (test-cards.ts). 3-D Secure is simulated as
// passed (there is no bank to send the member to): the charge is paid. A saved card renews (its simulated token
// says 'ok', test-billing.ts). Nothing leaves the server; production never decrypts a card.
import { randomBytes } from "node:crypto";
import type { CardChargeResult, CardPayments, CardSummary } from "#core/ports/card-payments.ts";
import { testCardToken } from "../test-billing.ts";
import { payloadFields, type CardPayload } from "./card-payload.ts";
import { checkCard, detectBrand } from "./card-rules.ts";
import { decryptCypher } from "./decrypt-cypher.ts";
import { testCardOutcome } from "./test-cards.ts";

/** What the card update needs of a card processor: the first payment with the browser's cypher. */
export type CypherPayments = Pick<CardPayments, "name" | "payWithCypher">;

/** The brand as memberships store it: card-validator's type, "amex" for American Express (memberships.json keys). */
export function storedBrand(type: string | null | undefined): string {
  if (!type) return "card";
  return type === "american-express" ? "amex" : type;
}

export function summaryOf(payload: CardPayload): CardSummary {
  return {
    brand: storedBrand(detectBrand(payload.number)?.type),
    last4: payload.number.slice(-4),
    expMonth: Number(payload.month),
    expYear: 2000 + Number(payload.year),
  };
}

export function createTestCardPayments(privateKeyPem: string): CypherPayments {
  return {
    name: "test",
    async payWithCypher(charge, card): Promise<CardChargeResult> {
      const providerRef = `test_card_${randomBytes(9).toString("base64url")}`;
      const payload = await decryptCypher(card.cypher, privateKeyPem);
      if (!payload || !checkCard(payloadFields(payload)).valid)
        return { outcome: "failed", providerRef: null, failure: "card_invalid", providerCode: "card_data_invalid" };
      const outcome = testCardOutcome(payload.number);
      if (outcome === "paid" || outcome === "three_ds")
        return {
          outcome: "paid",
          providerRef,
          cardToken: card.save ? testCardToken("ok") : null,
          card: summaryOf(payload),
        };
      return { outcome: "failed", providerRef, failure: outcome, providerCode: outcome };
    },
  };
}

// The built-in test provider's side of memberships (issue 15): the simulated payment page saves a simulated card
// token whose name says how renewals go, so a new owner (and the tests) can try each path by hand. A token is
// `test_card_<behaviour>_<random>`: 'ok' renews, 'decline' soft-declines (retried), 'stolen' hard-declines.
import { randomBytes } from "node:crypto";
import type { TokenCharge, TokenChargeResult, TokenCharger } from "./billing.ts";

export const TEST_CARDS = {
  ok: { brand: "visa", last4: "4242" },
  decline: { brand: "mastercard", last4: "0341" },
  stolen: { brand: "visa", last4: "9979" },
} as const;

export type TestCardBehaviour = keyof typeof TEST_CARDS;

export function testCardToken(behaviour: TestCardBehaviour): string {
  return `test_card_${behaviour}_${randomBytes(12).toString("base64url")}`;
}

function simulate(charge: TokenCharge): TokenChargeResult {
  const behaviour = /^test_card_([a-z]+)_/.exec(charge.token)?.[1];
  const providerRef = `test_${charge.idempotencyKey}`;
  if (behaviour === "ok") return { outcome: "paid", providerRef };
  if (behaviour === "stolen") return { outcome: "hard_declined", providerRef, reason: "card_stolen" };
  return { outcome: "declined", providerRef, reason: "insufficient_funds" };
}

/**
 * The simulated charges are a pure function of (token, idempotency key), like a provider that honours the key: no
 * money moves, and asking again about a key (the reconcile's lookup) gives the answer the charge gave.
 */
export const testTokenCharger: TokenCharger = {
  name: "test",
  chargeToken: async (charge) => simulate(charge),
  lookup: async (charge) => simulate(charge),
};

// The card processors of the member's card update (issue 15, the RSA variant of the card page), by the
// membership's provider: the built-in test provider, when test payments are allowed and enabled, reads the cypher
// with the school's own key pair (CARD_RSA_KEY or DATA_DIR/card-rsa.pem, loaded once per process). Tpay joins
// here with its panel's key and its card API once its memberships are sold (issue 15, item 2). Used by the JSON
// call (server/api/memberships-card.ts) and the page's loader alike.
import { type CardKeyPair, loadCardKeyPair } from "./card-key-pair.ts";
import { createTestCardPayments } from "./test-card-payments.ts";
import type { CypherPayments } from "./test-card-payments.ts";

export type CardProcessor = { payments: CypherPayments; publicKeyBase64: string };
export type CardProcessors = (provider: string) => Promise<CardProcessor | null>;

const keyPairs = new Map<string, CardKeyPair>();

/** The school's card key pair (generated on first need; every process of one school reads the same file). */
export function schoolCardKeys(config: { CARD_RSA_KEY?: string; dataDir: string }): CardKeyPair {
  const id = `${config.dataDir}\n${config.CARD_RSA_KEY ?? ""}`;
  let pair = keyPairs.get(id);
  if (!pair) {
    pair = loadCardKeyPair({ privateKeyPem: config.CARD_RSA_KEY, dataDir: config.dataDir });
    keyPairs.set(id, pair);
  }
  return pair;
}

export function cardProcessors(options: {
  config: { CARD_RSA_KEY?: string; dataDir: string };
  /** whether the built-in test provider takes payments here now (allowed and enabled) */
  testPayments(): Promise<boolean>;
}): CardProcessors {
  return async (provider) => {
    if (provider !== "test" || !(await options.testPayments())) return null;
    const keys = schoolCardKeys(options.config);
    return { payments: createTestCardPayments(keys.privateKeyPem), publicKeyBase64: keys.publicKeyBase64 };
  };
}

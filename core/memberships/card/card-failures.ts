// Spec §8's card messages and whether a failed renewal may be retried (the dunning's question, issue 15 item 4):
// a hard decline (stolen, lost, closed account, 'do not honour', expired, card data the issuer refuses) never
// succeeds on the same card, so it is never retried; a soft one (insufficient funds, a usage limit, a processing
// error, an unknown decline) may pass on day +1, +3, +5 or +7. The provider's codes are mapped by its adapter
// (Tpay: integrations/payments/tpay-card-errors.ts) into the port's CardFailureCode.
import { type CardFailureCode, cardFailureCodes } from "#core/ports/card-payments.ts";

export { type CardFailureCode, cardFailureCodes };

export type DeclineClass = "hard" | "soft";

const hard = new Set<CardFailureCode>([
  "card_stolen",
  "card_lost",
  "closed_account",
  "do_not_honour",
  "card_expired",
  "card_invalid",
]);

/** Whether the dunning may charge the same card again after this failure. */
export function declineClass(code: CardFailureCode): DeclineClass {
  return hard.has(code) ? "hard" : "soft";
}

/** The message's key in the `card` namespace (English and Polish in locales/{en,pl}/card.json). */
export function cardFailureMessageKey(code: CardFailureCode): `card:failure_${CardFailureCode}` {
  return `card:failure_${code}`;
}

/** Where the card call (§7: POST /my/membership/card) puts a failure: `cypher`, `sale` or `card`. */
export function cardFailureField(code: CardFailureCode): "cypher" | "sale" | "card" {
  if (code === "check_details" || code === "card_invalid") return "cypher";
  if (code === "sale_error" || code === "transaction_error") return "sale";
  return "card";
}

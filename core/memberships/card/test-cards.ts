// Card numbers that play each outcome of a card payment, so that a new owner can try every path with the built-in
// test provider and the tests can with the Tpay fake (issue 15 item 2: success, decline, 3-D Secure and each §8
// failure). Where Stripe's documentation has a test number for the case, it is the same number, so that people
// who know those recognise them; the others are checksum-valid numbers of our own. Every number passes §5's rules.
import type { CardFailureCode } from "#core/ports/card-payments.ts";

export type TestCardOutcome = "paid" | "three_ds" | CardFailureCode;

export const testCards: readonly { number: string; outcome: TestCardOutcome }[] = [
  { number: "4111111111111111", outcome: "paid" },
  { number: "5555555555554444", outcome: "paid" },
  { number: "378282246310005", outcome: "paid" },
  { number: "6011111111111117", outcome: "paid" },
  { number: "4000000000003220", outcome: "three_ds" },
  { number: "4000008400001629", outcome: "three_ds_failed" },
  { number: "4000000000000002", outcome: "do_not_honour" },
  { number: "4000000000009995", outcome: "insufficient_funds" },
  { number: "4000000000006975", outcome: "limit_exceeded" },
  { number: "4000000000000069", outcome: "card_expired" },
  { number: "4000000000009987", outcome: "card_lost" },
  { number: "4000000000009979", outcome: "card_stolen" },
  { number: "4000000000000465", outcome: "closed_account" },
  { number: "4000000000000127", outcome: "card_invalid" },
  { number: "4000000000000119", outcome: "transaction_error" },
  { number: "4000000000000713", outcome: "sale_error" },
  { number: "4000000000000721", outcome: "card_problem" },
];

const byNumber = new Map(testCards.map((card) => [card.number, card.outcome]));

/** What charging this test number does; any other valid number is paid. */
export function testCardOutcome(cardNumber: string): TestCardOutcome {
  return byNumber.get(cardNumber.replace(/\D/g, "")) ?? "paid";
}

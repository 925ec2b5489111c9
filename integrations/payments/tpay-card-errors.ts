// Tpay's reasons for a failed card payment as the port's CardFailureCode. Tpay passes the card acquirer's answer
// through as an ISO 8583 response code (a payment attempt's error code); 3-D Secure's failure has its own. A code
// we do not know is a 'Transaction error, please try again', which the dunning retries: retrying is the safe
// default for an unknown decline, while the codes that can never pass on the same card are named.
import type { CardFailureCode } from "#core/ports/card-payments.ts";

const isoCodes: Record<string, CardFailureCode> = {
  "04": "card_stolen", // pick up card
  "05": "do_not_honour",
  "07": "card_stolen", // pick up card, special condition (fraud)
  "14": "card_invalid", // invalid card number
  "15": "card_invalid", // no such issuer
  "33": "card_expired",
  "41": "card_lost",
  "43": "card_stolen",
  "46": "closed_account",
  "51": "insufficient_funds",
  "54": "card_expired",
  "56": "card_invalid", // no card record
  "61": "limit_exceeded", // exceeds amount limit
  "65": "limit_exceeded", // exceeds frequency limit
  N7: "card_invalid", // CVV2 failure
  "82": "card_invalid", // CVV incorrect
  "91": "transaction_error", // issuer unavailable
  "96": "transaction_error", // system malfunction
};

export function cardFailureFromTpay(errorCode: string | null | undefined): CardFailureCode {
  const code = String(errorCode ?? "")
    .trim()
    .toUpperCase();
  if (/3DS|3D_SECURE|THREE_DS/.test(code)) return "three_ds_failed";
  return isoCodes[code] ?? isoCodes[code.padStart(2, "0")] ?? "transaction_error";
}

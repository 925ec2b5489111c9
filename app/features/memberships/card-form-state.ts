// The card form's state changes, apart from React so that they are tested alone: each change masks the input by
// the brand (core/memberships/card/card-rules.ts) and yields the card data the page keeps in shared state (§3's
// names), the check of §5's rules, and which error each field shows.
import {
  type CardCheck,
  type CardFields,
  detectBrand,
  formatCardNumber,
  formatCvv,
  showsError,
} from "#core/memberships/card/card-rules.ts";

export type CardFieldName = keyof CardFields;

/** The fields after one input, masked: the number by the brand's gaps, the code by its length. */
export function changeCardField(fields: CardFields, name: CardFieldName, raw: string): CardFields {
  if (name === "cardNumber") {
    const cardNumber = formatCardNumber(raw);
    // A brand change can shorten the code (Amex 4 -> Visa 3): cut what was typed to the new length.
    return { ...fields, cardNumber, cardCvv: formatCvv(fields.cardCvv, detectBrand(cardNumber)) };
  }
  if (name === "cardCvv") return { ...fields, cardCvv: formatCvv(raw, detectBrand(fields.cardNumber)) };
  return { ...fields, [name]: raw.replace(/\D/g, "") };
}

/** Which parts the buyer has left (blur) or the form was submitted: then a half-typed part shows its error. */
export type Settled = { number: boolean; expiry: boolean; cvv: boolean };

export type CardFieldErrors = { number?: string; expiry?: string; cvv?: string };

/** The `card` namespace keys of the errors to show under each part. */
export function cardFieldErrors(check: CardCheck, settled: Settled): CardFieldErrors {
  const errors: CardFieldErrors = {};
  const emptyButSettled = (state: CardCheck["number"], isSettled: boolean) => isSettled && state === "empty";
  if (showsError(check.number, settled.number) || emptyButSettled(check.number, settled.number))
    errors.number = "card:number_invalid";
  if (showsError(check.expiry, settled.expiry) || emptyButSettled(check.expiry, settled.expiry))
    errors.expiry = "card:expiry_invalid";
  if (showsError(check.cvv, settled.cvv) || emptyButSettled(check.cvv, settled.cvv)) errors.cvv = "card:cvv_invalid";
  return errors;
}

/** The form-level message on submit: §8's 'Please check your card details.' while any field is missing or wrong. */
export function cardSubmitError(check: CardCheck): "card:failure_check_details" | null {
  return check.valid ? null : "card:failure_check_details";
}

/** The style of one part: valid (green), invalid (red) or neutral. */
export function fieldTone(state: CardCheck["number"], hasError: boolean): "valid" | "invalid" | "neutral" {
  if (hasError) return "invalid";
  return state === "valid" ? "valid" : "neutral";
}

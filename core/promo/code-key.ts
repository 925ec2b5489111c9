// Promo and affiliate codes are unique case-insensitively (spec §5 "promo code unique", §8 'Code has to be
// unique'): the upper-case code_key column carries a unique index, and the code itself is kept as typed.
import { fieldError, type AppError } from "#core/errors.ts";
import { promoCodeKey } from "./redeem-promo-code.ts";

export { promoCodeKey as codeKey };

export function codeTakenError(): AppError {
  return fieldError("code", "promo:code_taken");
}

/** Two admins saving the same code at once: the unique index decides, the loser gets the 422. */
export function isUniqueViolation(error: unknown): boolean {
  return /unique|duplicate/i.test(String((error as { message?: unknown })?.message ?? error));
}

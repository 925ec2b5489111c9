// The card rules of spec §5 and §9, all through card-validator (the rules the spec names are that library's):
// number by checksum and brand, masked by the brand's lengths and gaps (default 16 digits, gaps at 4, 8, 12);
// expiry month 01-12 and a year from the 12 options starting this year, never in the past; the security code's
// length by brand (default 3). Pure: the same functions run in the browser form and on the server.
import cardValidator from "card-validator";

/** The card data's shared state names (spec §3). */
export type CardFields = { cardNumber: string; cardMonth: string; cardYear: string; cardCvv: string };

export const emptyCard: CardFields = { cardNumber: "", cardMonth: "", cardYear: "", cardCvv: "" };

/** §9: 12 month options, 12 year options, code length 3 and number length 16 unless the brand says otherwise. */
export const cardLimits = { monthOptions: 12, yearOptions: 12, codeLength: 3, numberLength: 16 } as const;
const defaultGaps = [4, 8, 12];

/** The brands the form shows a logo for (spec §2); any other brand card-validator knows is accepted unnamed. */
export const brandsWithLogo = ["visa", "mastercard", "american-express", "discover"] as const;
export type BrandWithLogo = (typeof brandsWithLogo)[number];

export type CardBrand = {
  /** card-validator's type, e.g. "visa", "american-express", "maestro" */
  type: string;
  niceType: string;
  /** one of the four logos, or null for a brand shown without one */
  logo: BrandWithLogo | null;
  gaps: number[];
  lengths: number[];
  code: { name: string; size: number };
};

/** One field's state for styling: empty, still typing (potentially valid), valid, or invalid. */
export type FieldState = "empty" | "partial" | "valid" | "invalid";

export type CardCheck = {
  brand: CardBrand | null;
  number: FieldState;
  /** month and year together: a month in this year's past makes the pair invalid */
  expiry: FieldState;
  cvv: FieldState;
  /** §5: valid only when number, expiry and code are all valid (then the cypher is built) */
  valid: boolean;
  /** every field filled in */
  complete: boolean;
};

const digitsOnly = (value: string) => value.replace(/\D/g, "");

/** The brand card-validator detects from the first digits, or null while none (or several) match. */
export function detectBrand(cardNumber: string): CardBrand | null {
  const card = cardValidator.number(digitsOnly(cardNumber)).card;
  if (!card) return null;
  const logo = (brandsWithLogo as readonly string[]).includes(card.type) ? (card.type as BrandWithLogo) : null;
  return { type: card.type, niceType: card.niceType, logo, gaps: card.gaps, lengths: card.lengths, code: card.code };
}

/** The most digits a number may have: the brand's longest length, 16 without a brand. */
export function maxNumberLength(brand: CardBrand | null): number {
  return brand ? Math.max(...brand.lengths) : cardLimits.numberLength;
}

/** The security code's length: the brand's (Amex 4), 3 without a brand. */
export function codeLength(brand: CardBrand | null): number {
  return brand?.code.size ?? cardLimits.codeLength;
}

/**
 * The number as typed, masked by the brand: digits only, cut at the brand's longest length, a space at each of
 * the brand's gaps (4, 8, 12 without a brand; Amex 4, 10).
 */
export function formatCardNumber(value: string): string {
  const brand = detectBrand(value);
  const digits = digitsOnly(value).slice(0, maxNumberLength(brand));
  const gaps = brand?.gaps ?? defaultGaps;
  let out = "";
  for (let i = 0; i < digits.length; i += 1) {
    if (i > 0 && gaps.includes(i)) out += " ";
    out += digits[i];
  }
  return out;
}

/** The security code as typed: digits only, at most the brand's length. */
export function formatCvv(value: string, brand: CardBrand | null): string {
  return digitsOnly(value).slice(0, codeLength(brand));
}

/** §9: the months 01-12 as two-digit strings. */
export function monthOptions(): string[] {
  return Array.from({ length: cardLimits.monthOptions }, (_, i) => String(i + 1).padStart(2, "0"));
}

/** §9: this year and the next 11, four digits, from the given clock. */
export function yearOptions(now: Date): string[] {
  const first = now.getFullYear();
  return Array.from({ length: cardLimits.yearOptions }, (_, i) => String(first + i));
}

function numberState(cardNumber: string): FieldState {
  const digits = digitsOnly(cardNumber);
  if (!digits) return "empty";
  const check = cardValidator.number(digits);
  return check.isValid ? "valid" : check.isPotentiallyValid ? "partial" : "invalid";
}

function expiryState(month: string, year: string): FieldState {
  if (!month && !year) return "empty";
  // §5's month rule: a string, digits only, "" or "0" may still become valid, valid at 1-12.
  const monthCheck = cardValidator.expirationMonth(month);
  if (!monthCheck.isPotentiallyValid) return "invalid";
  if (!month || !year || !monthCheck.isValid) return "partial";
  // card-validator reads the clock itself: a past month of this year or a past year is invalid.
  return cardValidator.expirationDate({ month, year }).isValid ? "valid" : "invalid";
}

function cvvState(cvv: string, brand: CardBrand | null): FieldState {
  if (!cvv) return "empty";
  const check = cardValidator.cvv(cvv, codeLength(brand));
  return check.isValid ? "valid" : check.isPotentiallyValid ? "partial" : "invalid";
}

/** Every §5 card rule at once, for the form's styling and for the decision to build the cypher. */
export function checkCard(fields: CardFields): CardCheck {
  const brand = detectBrand(fields.cardNumber);
  const number = numberState(fields.cardNumber);
  const expiry = expiryState(fields.cardMonth, fields.cardYear);
  const cvv = cvvState(fields.cardCvv, brand);
  return {
    brand,
    number,
    expiry,
    cvv,
    valid: number === "valid" && expiry === "valid" && cvv === "valid",
    complete: Boolean(digitsOnly(fields.cardNumber) && fields.cardMonth && fields.cardYear && fields.cardCvv),
  };
}

/** A state to show as an error: invalid, or still partial once the buyer left the field or submitted. */
export function showsError(state: FieldState, settled: boolean): boolean {
  return state === "invalid" || (settled && state === "partial");
}

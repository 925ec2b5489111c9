// How the price and access fields turn saved values into text inputs and back (shared by the product editor and
// the course editor). Amounts: core/shared/money.ts.
import { wholeNumberOrText } from "#core/shared/form-values.ts";

/** A saved moment -> its day for a date input ("" when none). */
export const day = (iso: string | null) => (iso ? iso.slice(0, 10) : "");

/** Whole numbers go as numbers, an empty field as null (the caller's default), anything else as typed. */
export const wholeNumber = (text: string): number | string | null =>
  text.trim() === "" ? null : wholeNumberOrText(text);

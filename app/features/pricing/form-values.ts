// How the price and access fields turn saved values into text inputs and back (shared by the product editor and
// the course editor). Amounts: core/shared/money.ts.

/** A saved moment -> its day for a date input ("" when none). */
export const day = (iso: string | null) => (iso ? iso.slice(0, 10) : "");

/** Whole numbers go as numbers; anything else as typed, so the shared schema names the problem. */
export const wholeNumber = (text: string): number | string | null =>
  text.trim() === "" ? null : /^-?\d+$/.test(text.trim()) ? Number(text.trim()) : text;

// What a form's text field sends to a shared schema. A page's script and the server (a plain form post before
// hydration) turn the same text into the JSON call's shape the same way. Pure: importable by the client.

const WHOLE_NUMBER = /^-?\d{1,15}$/;

/**
 * A whole-number field: "23" or "-1" goes as a number; anything else goes as typed (trimmed), so the schema names
 * the problem ("" is required, "2.5" or "x" is not a whole number). Fifteen digits at most: a number stays exact.
 */
export function wholeNumberOrText(value: unknown): number | string {
  const text = typeof value === "string" ? value.trim() : value == null ? "" : String(value).trim();
  return WHOLE_NUMBER.test(text) ? Number(text) : text;
}

// Money crosses the provider boundary in three shapes: our integer cents, Tpay's decimal PLN ("123.45") and
// the integer minor units of Przelewy24 and PayU. Conversions go through strings, never through float arithmetic,
// so 0.1 + 0.2 style drift cannot change an amount we compare against an order.

/** 12345 -> "123.45" (Tpay's amount, and its md5sum's "%.2f"). */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError("amount must be a non-negative integer of cents");
  const text = String(cents).padStart(3, "0");
  return `${text.slice(0, -2)}.${text.slice(-2)}`;
}

/**
 * "123.45", "123.4", "123" or the JSON number 123.45 -> 12345; anything else (negative, three decimals, exponent,
 * empty) -> null. A JSON number is read through its shortest decimal form, which is what the provider wrote.
 */
export function decimalToCents(value: string | number): number | null {
  const text = typeof value === "number" ? (Number.isFinite(value) ? String(value) : "") : value.trim();
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? "").padEnd(2, "0"));
  return whole * 100 + fraction;
}

/** Integer minor units from a provider (a number or a digits-only string, PayU sends "12345") -> cents, else null. */
export function minorUnitsToCents(value: unknown): number | null {
  if (typeof value === "number") return Number.isSafeInteger(value) && value >= 0 ? value : null;
  if (typeof value === "string" && /^\d{1,15}$/.test(value)) {
    const parsed = Number(value);
    return Number.isSafeInteger(parsed) ? parsed : null;
  }
  return null;
}

// The one money module. An amount is integer cents (the currency's minor units: every currency a school may
// choose, core/school/schemas.ts, has 100 of them) with an ISO 4217 code beside it; it is never a float in the
// database or in arithmetic. Here: reading an amount a person typed, the decimal text that payment and
// invoicing services exchange, and showing an amount in the page's language. Conversions go through digits,
// never through float arithmetic, so 0.1 + 0.2 style drift cannot change an amount. Pure: shared by the pages,
// the forms, the server and the adapters.
import type { Lang } from "#platform/i18n/catalogs.ts";

/** Minor units in one major unit (grosze in a złoty, cents in a euro). */
export const MINOR_UNITS = 100;

/** The largest amount a person may type: nine digits of major units (999,999,999.99). */
const INPUT_WHOLE_DIGITS = 9;
const INPUT = new RegExp(`^(\\d{1,${INPUT_WHOLE_DIGITS}})(?:\\.(\\d{1,2}))?$`);
// A service's decimal text: "123.45", "123.4" or "123"; up to twelve whole digits.
const DECIMAL = /^(\d{1,12})(?:\.(\d{1,2}))?$/;

function centsOf(match: RegExpExecArray): number {
  return Number(match[1]) * MINOR_UNITS + Number((match[2] ?? "").padEnd(2, "0"));
}

/**
 * An amount as a person types it, in major units: "49.99", "49,99" (Polish), "49", "49.9", "1 234,56" (spaces,
 * no-break spaces included, group the thousands) -> cents. A number (a JSON body) is read through its shortest
 * decimal form. Empty text -> null; anything else -> undefined: negative, more than two decimals, a thousands
 * comma ("1,234.56"), an exponent, more than nine whole digits.
 */
export function parseMoneyInput(value: unknown): number | null | undefined {
  let text: string;
  if (typeof value === "number") text = Number.isFinite(value) ? String(value) : "";
  else if (typeof value === "string") text = value;
  else return undefined;
  const normalised = text.replace(/\s/g, "").replace(",", ".");
  if (normalised === "") return typeof value === "string" ? null : undefined;
  const match = INPUT.exec(normalised);
  return match ? centsOf(match) : undefined;
}

/** Cents as a form's amount field shows them: 4999 -> "49.99" ("49,99" in Polish); null -> "". */
export function moneyInputText(cents: number | null, lang: Lang): string {
  if (cents === null) return "";
  const text = centsToDecimal(cents);
  return lang === "pl" ? text.replace(".", ",") : text;
}

/**
 * Cents as the decimal text services and exports use: 12345 -> "123.45", 5 -> "0.05", -150 -> "-1.50".
 * Throws on anything but a whole number of cents (a bug upstream, never to be rounded away silently).
 */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError("an amount must be a whole number of cents");
  const digits = String(Math.abs(cents)).padStart(3, "0");
  return `${cents < 0 ? "-" : ""}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/**
 * A service's decimal amount: "123.45", "123.4", "123" or the JSON number 123.45 -> 12345. Strict: no comma,
 * no spaces, no sign, at most two decimals, else null. A JSON number is read through its shortest decimal form,
 * which is what the service wrote.
 */
export function decimalToCents(value: string | number): number | null {
  const text = typeof value === "number" ? (Number.isFinite(value) ? String(value) : "") : value.trim();
  const match = DECIMAL.exec(text);
  return match ? centsOf(match) : null;
}

/** Integer minor units from a service (a number or a digits-only string: PayU sends "12345") -> cents, else null. */
export function minorUnitsToCents(value: unknown): number | null {
  if (typeof value === "number") return Number.isSafeInteger(value) && value >= 0 ? value : null;
  if (typeof value === "string" && /^\d{1,15}$/.test(value)) {
    const parsed = Number(value);
    return Number.isSafeInteger(parsed) ? parsed : null;
  }
  return null;
}

/**
 * Cents as a number of major units, for a JSON field that wants one (iFirma's amounts, the analytics "value"):
 * 4999 -> 49.99. Dividing a whole number by 100 gives the double nearest to the decimal, which JSON writes as
 * exactly that decimal.
 */
export function centsToMajor(cents: number): number {
  if (!Number.isSafeInteger(cents)) throw new RangeError("an amount must be a whole number of cents");
  return cents / MINOR_UNITS;
}

const locales: Record<Lang, string> = { en: "en-GB", pl: "pl-PL" };
// Building an Intl formatter costs far more than using one: each is made once per language and currency.
const moneyFormats = new Map<string, Intl.NumberFormat>();

/** An amount for people, in the page's language: 123456 PLN -> "1234,56 zł" (Polish), "PLN 1,234.56" (English). */
export function formatMoney(cents: number, currency: string, lang: Lang): string {
  const key = `${lang}:${currency}`;
  let format = moneyFormats.get(key);
  if (!format) moneyFormats.set(key, (format = new Intl.NumberFormat(locales[lang], { style: "currency", currency })));
  return format.format(cents / MINOR_UNITS);
}

// Prices are kept in cents (§9) but typed in the currency's units: "49.99" or, in Polish, "49,99". MoneyInput
// (money-input.tsx) shows such an amount; the forms turn it into cents with these two on submit.
import type { Lang } from "#platform/i18n/index.ts";

/** 4999 -> "49.99" ("49,99" in Polish); null -> "". */
export function centsToInput(cents: number | null, lang: Lang): string {
  if (cents === null) return "";
  const text = (cents / 100).toFixed(2);
  return lang === "pl" ? text.replace(".", ",") : text;
}

/** "49,99" / "49.99" / "49" -> 4999; "" -> null; anything else -> undefined (not an amount). */
export function inputToCents(text: string): number | null | undefined {
  const value = text.trim().replace(/\s/g, "").replace(",", ".");
  if (value === "") return null;
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(value)) return undefined;
  return Math.round(Number(value) * 100);
}

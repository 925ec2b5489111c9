// Money on the purchase pages, in the page's language and the product's currency (integer cents in, text out).
import { useRootData } from "#app/lib/root-data.ts";
import { formatMoney } from "#core/shared/money.ts";

export function useMoney(currency: string) {
  const lang = useRootData()?.lang ?? "en";
  return (cents: number) => formatMoney(cents, currency, lang);
}

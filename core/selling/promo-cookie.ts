// The promo code a ?promo=CODE link remembers for the buyer (the selling issue): the checkout page prefills and
// applies it, the payment status page clears it after a successful purchase. Not HttpOnly: the status page
// clears it from the browser (spec §4 "promo cookies cleared").
export const PROMO_COOKIE = "studium_promo";

/** The value of one cookie in a Cookie header, or undefined. */
export function cookieValue(header: string | null | undefined, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const index = part.indexOf("=");
    if (index < 0 || part.slice(0, index).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(index + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

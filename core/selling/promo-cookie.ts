// The cookie in which a ?promo=CODE link remembers its code (set by server/http/code-links.ts): the checkout page
// prefills and applies it, the payment status page clears it after a successful purchase (spec §4). The name is
// core/promo/promo-link.ts's PROMO_COOKIE, repeated here because the browser's script cannot import that module
// (it carries database code); promo-cookie.test.ts keeps the two equal.
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

// The browser-safe copy of the promo cookie's name matches the one the ?promo= link sets; cookies are read exactly.
import { describe, expect, it } from "vitest";
import { PROMO_COOKIE as linkCookie } from "#core/promo/promo-link.ts";
import { cookieValue, PROMO_COOKIE } from "./promo-cookie.ts";

describe("the promo cookie", () => {
  it("has the name the promo link sets", () => {
    expect(PROMO_COOKIE).toBe(linkCookie);
  });

  it("reads one cookie of a Cookie header", () => {
    expect(cookieValue("a=1; studium_promo=SAVE%2010; b=2", "studium_promo")).toBe("SAVE 10");
    expect(cookieValue("xstudium_promo=NO", "studium_promo")).toBeUndefined();
    expect(cookieValue("studium_promo=%E0%A4%A", "studium_promo")).toBeUndefined();
    expect(cookieValue(null, "studium_promo")).toBeUndefined();
  });
});

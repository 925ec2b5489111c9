import { describe, expect, it } from "vitest";
import { discountOn, quote, vatIncluded } from "./pricing.ts";

describe("checkout arithmetic", () => {
  it("takes the VAT out of a gross price", () => {
    expect(vatIncluded(12300, 23)).toBe(2300);
    expect(vatIncluded(10800, 8)).toBe(800);
    expect(vatIncluded(5000, 0)).toBe(0);
  });

  it("caps a discount at the subtotal and rounds percentages to the cent", () => {
    expect(discountOn(999, { kind: "percent", amount: 10 })).toBe(100);
    expect(discountOn(1000, { kind: "fixed", amount: 5000 })).toBe(1000);
    expect(discountOn(1000, null)).toBe(0);
  });

  it("quotes a team purchase with a code", () => {
    expect(quote(10000, 3, 23, { kind: "percent", amount: 20 })).toEqual({
      unitCents: 10000,
      quantity: 3,
      subtotalCents: 30000,
      discountCents: 6000,
      totalCents: 24000,
      vatRate: 23,
      vatCents: 4488,
    });
  });
});

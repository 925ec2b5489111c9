import { describe, expect, it } from "vitest";
import { showsPaymentInformation } from "./payment-information.ts";

describe("the payment information block (§2)", () => {
  it("is hidden when the plan's price is 0, even when forced, with an e-mail or on register", () => {
    expect(showsPaymentInformation({ priceCents: 0, forced: true, userEmail: "a@b.pl", view: "register" })).toBe(false);
  });

  it("shows when forced", () => {
    expect(showsPaymentInformation({ priceCents: 4900, forced: true })).toBe(true);
  });

  it("shows when the user has an e-mail address", () => {
    expect(showsPaymentInformation({ priceCents: 4900, userEmail: "a@b.pl" })).toBe(true);
    expect(showsPaymentInformation({ priceCents: 4900, userEmail: "" })).toBe(false);
  });

  it("shows on the register view", () => {
    expect(showsPaymentInformation({ priceCents: 4900, view: "register" })).toBe(true);
    expect(showsPaymentInformation({ priceCents: 4900, view: "checkout" })).toBe(false);
  });

  it("is hidden for a paid plan with none of the three", () => {
    expect(showsPaymentInformation({ priceCents: 4900 })).toBe(false);
  });
});

import { afterEach, describe, expect, it, vi } from "vitest";
import {
  cardLimits,
  checkCard,
  codeLength,
  detectBrand,
  formatCardNumber,
  formatCvv,
  maxNumberLength,
  monthOptions,
  showsError,
  yearOptions,
} from "./card-rules.ts";

// Test numbers published by the card schemes for test environments (checksum-valid).
const visa = "4111111111111111";
const mastercard = "5555555555554444";
const amex = "378282246310005";
const discover = "6011111111111117";
const valid = { cardNumber: visa, cardMonth: "12", cardYear: "2030", cardCvv: "123" };

afterEach(() => {
  vi.useRealTimers();
});

describe("brand detection (logos for Mastercard, Visa, Discover, American Express)", () => {
  it.each([
    [visa, "visa", "visa"],
    [mastercard, "mastercard", "mastercard"],
    [amex, "american-express", "american-express"],
    [discover, "discover", "discover"],
  ])("%s is %s with its logo", (number, type, logo) => {
    expect(detectBrand(number)).toMatchObject({ type, logo });
  });

  it("names another brand card-validator knows, without a logo", () => {
    expect(detectBrand("3530111333300000")).toMatchObject({ type: "jcb", logo: null });
  });

  it("has no brand before the first digits decide one", () => {
    expect(detectBrand("")).toBeNull();
    // "5" may still be Mastercard or Maestro: no single brand yet
    expect(detectBrand("5")).toBeNull();
  });
});

describe("masks and gaps by brand (§5)", () => {
  it("stops at 16 digits by default (and for Mastercard), grouped at 4, 8, 12", () => {
    expect(maxNumberLength(null)).toBe(cardLimits.numberLength);
    expect(formatCardNumber("5555555555554444999")).toBe("5555 5555 5555 4444");
  });

  it("lets a brand with longer numbers go further (Visa up to 19 digits)", () => {
    expect(maxNumberLength(detectBrand(visa))).toBe(19);
    expect(formatCardNumber("41111111111111119999")).toBe("4111 1111 1111 1111999");
  });

  it("groups American Express at 4 and 10 and stops at 15 digits", () => {
    expect(formatCardNumber("3782822463100059")).toBe("3782 822463 10005");
    expect(maxNumberLength(detectBrand(amex))).toBe(15);
  });

  it("drops anything that is not a digit", () => {
    expect(formatCardNumber("4111-1111 abc 1111")).toBe("4111 1111 1111");
  });
});

describe("security code length by brand (§5, default 3)", () => {
  it("is 3 without a brand and for Visa, 4 for American Express", () => {
    expect(codeLength(null)).toBe(3);
    expect(codeLength(detectBrand(visa))).toBe(3);
    expect(codeLength(detectBrand(amex))).toBe(4);
    expect(formatCvv("12345", detectBrand(visa))).toBe("123");
    expect(formatCvv("12a345", detectBrand(amex))).toBe("1234");
  });

  it("accepts a 4-digit code for Amex and refuses a 3-digit one", () => {
    expect(checkCard({ ...valid, cardNumber: amex, cardCvv: "1234" }).cvv).toBe("valid");
    expect(checkCard({ ...valid, cardNumber: amex, cardCvv: "123" }).cvv).toBe("partial");
    expect(checkCard({ ...valid, cardCvv: "1234" }).cvv).toBe("invalid");
  });
});

describe("number by checksum and brand", () => {
  it("is valid with a correct checksum, partial while typing, invalid with a wrong checksum", () => {
    expect(checkCard(valid).number).toBe("valid");
    expect(checkCard({ ...valid, cardNumber: "4111 1111" }).number).toBe("partial");
    expect(checkCard({ ...valid, cardNumber: "5555555555554445" }).number).toBe("invalid");
    expect(checkCard({ ...valid, cardNumber: "" }).number).toBe("empty");
  });
});

describe("expiry: month 01-12, options from this year, never in the past", () => {
  it("offers 12 months and 12 years from the clock's year", () => {
    expect(monthOptions()).toEqual(["01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12"]);
    expect(yearOptions(new Date("2026-11-27T10:00:00Z"))).toEqual([
      "2026",
      "2027",
      "2028",
      "2029",
      "2030",
      "2031",
      "2032",
      "2033",
      "2034",
      "2035",
      "2036",
      "2037",
    ]);
  });

  it("refuses a month of this year that has passed and accepts this month", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-15T12:00:00Z"));
    expect(checkCard({ ...valid, cardMonth: "10", cardYear: "2026" }).expiry).toBe("invalid");
    expect(checkCard({ ...valid, cardMonth: "11", cardYear: "2026" }).expiry).toBe("valid");
    expect(checkCard({ ...valid, cardMonth: "01", cardYear: "2027" }).expiry).toBe("valid");
  });

  it("follows the clock: a card valid today is expired a year later", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-15T12:00:00Z"));
    expect(checkCard({ ...valid, cardMonth: "12", cardYear: "2027" }).valid).toBe(true);
    vi.setSystemTime(new Date("2028-01-02T12:00:00Z"));
    expect(checkCard({ ...valid, cardMonth: "12", cardYear: "2027" }).valid).toBe(false);
  });

  it("treats the month as §5 says: '' and '0' may become valid, 13 and letters never", () => {
    expect(checkCard({ ...valid, cardMonth: "", cardYear: "2030" }).expiry).toBe("partial");
    expect(checkCard({ ...valid, cardMonth: "0", cardYear: "2030" }).expiry).toBe("partial");
    expect(checkCard({ ...valid, cardMonth: "13", cardYear: "2030" }).expiry).toBe("invalid");
    expect(checkCard({ ...valid, cardMonth: "1a", cardYear: "2030" }).expiry).toBe("invalid");
    expect(checkCard({ ...valid, cardMonth: "", cardYear: "" }).expiry).toBe("empty");
  });

  it("accepts a year up to 19 years ahead and not beyond (card-validator's limit)", () => {
    const year = new Date().getFullYear();
    expect(checkCard({ ...valid, cardYear: String(year + 19) }).expiry).toBe("valid");
    expect(checkCard({ ...valid, cardYear: String(year + 20) }).expiry).toBe("invalid");
  });
});

describe("the whole card", () => {
  it("is valid only when number, expiry and code all are", () => {
    expect(checkCard(valid)).toMatchObject({ valid: true, complete: true });
    expect(checkCard({ ...valid, cardNumber: "5555555555554445" }).valid).toBe(false);
    expect(checkCard({ ...valid, cardYear: "2020" }).valid).toBe(false);
    expect(checkCard({ ...valid, cardCvv: "12" }).valid).toBe(false);
  });

  it("is complete only with all four fields", () => {
    expect(checkCard({ ...valid, cardCvv: "" }).complete).toBe(false);
    expect(checkCard({ ...valid, cardMonth: "" }).complete).toBe(false);
  });

  it("shows an error for an invalid field at once and for a partial one only once settled", () => {
    expect(showsError("invalid", false)).toBe(true);
    expect(showsError("partial", false)).toBe(false);
    expect(showsError("partial", true)).toBe(true);
    expect(showsError("valid", true)).toBe(false);
    expect(showsError("empty", true)).toBe(false);
  });
});

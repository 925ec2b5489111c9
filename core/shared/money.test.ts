import { describe, expect, it } from "vitest";
import {
  centsToDecimal,
  centsToMajor,
  decimalToCents,
  formatMoney,
  minorUnitsToCents,
  moneyInputText,
  parseMoneyInput,
} from "./money.ts";

// Intl separates numbers and currency signs with no-break spaces; compare with plain ones.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("an amount as a person types it", () => {
  it("reads a decimal point or a Polish decimal comma, with one or two decimals or none", () => {
    expect(parseMoneyInput("49.99")).toBe(4999);
    expect(parseMoneyInput("49,99")).toBe(4999);
    expect(parseMoneyInput("12,50")).toBe(1250);
    expect(parseMoneyInput("12.5")).toBe(1250);
    expect(parseMoneyInput("49")).toBe(4900);
    expect(parseMoneyInput("0.10")).toBe(10);
    expect(parseMoneyInput("0,01")).toBe(1);
    expect(parseMoneyInput("0")).toBe(0);
  });

  it("takes spaces, no-break spaces included, as thousands separators and around the amount", () => {
    expect(parseMoneyInput("1 234,56")).toBe(123456);
    expect(parseMoneyInput(" 1 299,5 ")).toBe(129950);
    expect(parseMoneyInput("1\u00a0000")).toBe(100000);
    expect(parseMoneyInput("1\u202f000,00")).toBe(100000);
  });

  it("is exact where floating point is not (0.29 * 100 = 28.999...)", () => {
    expect(parseMoneyInput("0.29")).toBe(29);
    expect(parseMoneyInput("1.13")).toBe(113);
    expect(parseMoneyInput("4.35")).toBe(435);
    for (let cents = 0; cents <= 100_000; cents++) {
      if (parseMoneyInput(moneyInputText(cents, cents % 2 ? "pl" : "en")) !== cents)
        throw new Error(`${cents} does not round-trip through the input text`);
    }
  });

  it("takes the largest nine-digit amount and refuses a tenth digit", () => {
    expect(parseMoneyInput("999999999.99")).toBe(99_999_999_999);
    expect(parseMoneyInput("999 999 999,99")).toBe(99_999_999_999);
    expect(parseMoneyInput("1000000000")).toBeUndefined();
  });

  it("says empty (null) apart from not an amount (undefined)", () => {
    expect(parseMoneyInput("")).toBeNull();
    expect(parseMoneyInput("   ")).toBeNull();
    for (const bad of ["-5", "-0,50", "19.999", "1,234.56", "1.234,56", "1e3", "abc", "12 zł", "1.", ".5", "+5"])
      expect(parseMoneyInput(bad), bad).toBeUndefined();
  });

  it("reads a number of a JSON body through its decimal form", () => {
    expect(parseMoneyInput(12)).toBe(1200);
    expect(parseMoneyInput(49.99)).toBe(4999);
    expect(parseMoneyInput(0.29)).toBe(29);
    for (const bad of [-1, 1.005, Number.NaN, Number.POSITIVE_INFINITY, 1e21])
      expect(parseMoneyInput(bad), String(bad)).toBeUndefined();
    for (const bad of [null, undefined, true, {}, ["1"]]) expect(parseMoneyInput(bad)).toBeUndefined();
  });

  it("is shown in a form's field with two decimals, a comma in Polish", () => {
    expect(moneyInputText(4999, "en")).toBe("49.99");
    expect(moneyInputText(4999, "pl")).toBe("49,99");
    expect(moneyInputText(2500, "en")).toBe("25.00");
    expect(moneyInputText(5, "pl")).toBe("0,05");
    expect(moneyInputText(0, "en")).toBe("0.00");
    expect(moneyInputText(123_456_789, "en")).toBe("1234567.89");
    expect(moneyInputText(null, "en")).toBe("");
  });
});

describe("the decimal text of services and exports", () => {
  it("writes cents as %.2f decimal text", () => {
    expect(centsToDecimal(0)).toBe("0.00");
    expect(centsToDecimal(5)).toBe("0.05");
    expect(centsToDecimal(100)).toBe("1.00");
    expect(centsToDecimal(12345)).toBe("123.45");
    expect(centsToDecimal(1999)).toBe("19.99");
    expect(centsToDecimal(123_456_789)).toBe("1234567.89");
  });

  it("writes a negative amount (an invoice correction) with its sign", () => {
    expect(centsToDecimal(-150)).toBe("-1.50");
    expect(centsToDecimal(-5)).toBe("-0.05");
  });

  it("refuses what is not a whole number of cents instead of rounding it away", () => {
    expect(() => centsToDecimal(1.5)).toThrow(RangeError);
    expect(() => centsToDecimal(Number.NaN)).toThrow(RangeError);
    expect(() => centsToDecimal(2 ** 60)).toThrow(RangeError);
    expect(() => centsToMajor(0.5)).toThrow(RangeError);
  });

  it("reads decimal text and JSON numbers back to exact cents", () => {
    expect(decimalToCents("123.45")).toBe(12345);
    expect(decimalToCents("123.4")).toBe(12340);
    expect(decimalToCents("123")).toBe(12300);
    expect(decimalToCents(" 123.45 ")).toBe(12345);
    expect(decimalToCents(19.99)).toBe(1999);
    expect(decimalToCents(0.29)).toBe(29);
    expect(decimalToCents(1.005)).toBeNull();
    expect(decimalToCents(0.1 + 0.2)).toBeNull();
    for (const bad of ["", "-1.00", "1.234", "1e2", "12,50", "1 000.00", " ", "1.", ".5"])
      expect(decimalToCents(bad), bad).toBeNull();
  });

  it("round-trips every amount up to 1,000.00 (and large ones) through text and through a JSON number", () => {
    const large = Array.from({ length: 1000 }, (_, i) => 99_999_999_999 - i * 7_919_113);
    for (const cents of [...Array.from({ length: 100_001 }, (_, i) => i), ...large]) {
      const text = centsToDecimal(cents);
      const major = JSON.parse(JSON.stringify(centsToMajor(cents))) as number;
      if (decimalToCents(text) !== cents || decimalToCents(major) !== cents || String(major) !== String(Number(text)))
        throw new Error(`${cents} does not round-trip`);
    }
  });

  it("reads integer minor units from numbers and digit strings only", () => {
    expect(minorUnitsToCents(12345)).toBe(12345);
    expect(minorUnitsToCents("12345")).toBe(12345);
    expect(minorUnitsToCents(0)).toBe(0);
    for (const bad of [12.5, -1, "12.50", "1e3", "", null, undefined, "0x10", "-5", 2 ** 60])
      expect(minorUnitsToCents(bad)).toBeNull();
  });
});

describe("an amount for people, in the page's language", () => {
  it("in Polish: a decimal comma and 'zł' after the amount", () => {
    expect(plain(formatMoney(123456, "PLN", "pl"))).toBe("1234,56 zł");
    expect(plain(formatMoney(12345678, "PLN", "pl"))).toBe("123 456,78 zł");
    expect(plain(formatMoney(50, "PLN", "pl"))).toBe("0,50 zł");
    expect(plain(formatMoney(0, "PLN", "pl"))).toBe("0,00 zł");
    expect(plain(formatMoney(123456, "EUR", "pl"))).toBe("1234,56 €");
  });

  it("in English: a decimal point, the sign or code in front", () => {
    expect(plain(formatMoney(123456, "EUR", "en"))).toBe("€1,234.56");
    expect(plain(formatMoney(123456, "PLN", "en"))).toBe("PLN 1,234.56");
    expect(plain(formatMoney(999, "EUR", "en"))).toBe("€9.99");
    expect(plain(formatMoney(123456, "USD", "en"))).toBe("US$1,234.56");
    expect(plain(formatMoney(123456, "GBP", "en"))).toBe("£1,234.56");
  });

  it("each currency the school may choose, with its own sign", () => {
    expect(plain(formatMoney(1000, "CZK", "pl"))).toBe("10,00 CZK");
    expect(plain(formatMoney(1000, "CHF", "en"))).toBe("CHF 10.00");
  });

  it("keeps whole cents exact (no floating-point drift), large amounts and refunds' minus sign too", () => {
    expect(plain(formatMoney(1999, "PLN", "pl"))).toBe("19,99 zł");
    expect(plain(formatMoney(10, "EUR", "en"))).toBe("€0.10");
    expect(plain(formatMoney(99_999_999_999, "EUR", "en"))).toBe("€999,999,999.99");
    expect(plain(formatMoney(-4999, "PLN", "pl"))).toBe("-49,99 zł");
  });

  it("a formatter per language and currency: a second currency does not take the first one's sign", () => {
    expect(plain(formatMoney(100, "EUR", "en"))).toBe("€1.00");
    expect(plain(formatMoney(100, "GBP", "en"))).toBe("£1.00");
    expect(plain(formatMoney(100, "EUR", "pl"))).toBe("1,00 €");
  });
});

import { describe, expect, it } from "vitest";
import { centsToDecimal, decimalToCents, minorUnitsToCents } from "./amounts.ts";

describe("amount conversions", () => {
  it("formats cents as %.2f decimal text", () => {
    expect(centsToDecimal(0)).toBe("0.00");
    expect(centsToDecimal(5)).toBe("0.05");
    expect(centsToDecimal(100)).toBe("1.00");
    expect(centsToDecimal(12345)).toBe("123.45");
    expect(centsToDecimal(1999)).toBe("19.99");
    expect(() => centsToDecimal(1.5)).toThrow();
    expect(() => centsToDecimal(-1)).toThrow();
  });

  it("reads decimal text and JSON numbers back to exact cents", () => {
    expect(decimalToCents("123.45")).toBe(12345);
    expect(decimalToCents("123.4")).toBe(12340);
    expect(decimalToCents("123")).toBe(12300);
    expect(decimalToCents(19.99)).toBe(1999);
    expect(decimalToCents(0.29)).toBe(29);
    expect(decimalToCents(1.005)).toBeNull();
    expect(decimalToCents(0.1 + 0.2)).toBeNull();
    for (const bad of ["", "-1.00", "1.234", "1e2", "12,50", " ", "1.", ".5"]) expect(decimalToCents(bad)).toBeNull();
  });

  it("round-trips every amount up to 1,000.00 (and large ones) through text and through a JSON number", () => {
    const large = Array.from({ length: 1000 }, (_, i) => 99_999_999_999 - i * 7_919_113);
    for (const cents of [...Array.from({ length: 100_001 }, (_, i) => i), ...large]) {
      const text = centsToDecimal(cents);
      if (
        decimalToCents(text) !== cents ||
        decimalToCents(JSON.parse(JSON.stringify(Number(text))) as number) !== cents
      )
        throw new Error(`${cents} does not round-trip`);
    }
  });

  it("reads integer minor units from numbers and digit strings only", () => {
    expect(minorUnitsToCents(12345)).toBe(12345);
    expect(minorUnitsToCents("12345")).toBe(12345);
    for (const bad of [12.5, -1, "12.50", "1e3", "", null, undefined, "0x10"])
      expect(minorUnitsToCents(bad)).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { centsToInput, inputToCents } from "./money.ts";

describe("prices typed in currency units", () => {
  it("shows cents as an amount in the page's language", () => {
    expect(centsToInput(4999, "en")).toBe("49.99");
    expect(centsToInput(4999, "pl")).toBe("49,99");
    expect(centsToInput(0, "en")).toBe("0.00");
    expect(centsToInput(null, "en")).toBe("");
  });

  it("reads an amount with a dot or a comma back into cents", () => {
    expect(inputToCents("49.99")).toBe(4999);
    expect(inputToCents("49,99")).toBe(4999);
    expect(inputToCents(" 1 299,5 ")).toBe(129950);
    expect(inputToCents("0.10")).toBe(10);
    expect(inputToCents("19.999")).toBeUndefined();
    expect(inputToCents("-5")).toBeUndefined();
    expect(inputToCents("abc")).toBeUndefined();
    expect(inputToCents("")).toBeNull();
  });
});

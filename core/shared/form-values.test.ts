import { describe, expect, it } from "vitest";
import { wholeNumberOrText } from "./form-values.ts";

describe("a whole-number field's text", () => {
  it("goes as a number when it is one, spaces around it or a minus included", () => {
    expect(wholeNumberOrText("23")).toBe(23);
    expect(wholeNumberOrText(" 23 ")).toBe(23);
    expect(wholeNumberOrText("-1")).toBe(-1);
    expect(wholeNumberOrText("0")).toBe(0);
    expect(wholeNumberOrText("999999999999999")).toBe(999_999_999_999_999);
  });

  it("goes as typed (trimmed) otherwise, for the schema to say what is wrong", () => {
    expect(wholeNumberOrText("")).toBe("");
    expect(wholeNumberOrText(" 2.5 ")).toBe("2.5");
    expect(wholeNumberOrText("1e3")).toBe("1e3");
    expect(wholeNumberOrText("ten")).toBe("ten");
    // Sixteen digits would not stay exact as a number.
    expect(wholeNumberOrText("9007199254740993")).toBe("9007199254740993");
    expect(wholeNumberOrText(null)).toBe("");
    expect(wholeNumberOrText(undefined)).toBe("");
  });
});

import { describe, expect, it } from "vitest";
import { brandContrastWarnings, contrastRatio, relativeLuminance } from "./brand-contrast.ts";

describe("contrastRatio (WCAG 2.x)", () => {
  it("is 21 for black on white and 1 for a colour on itself, in either order", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#000000")).toBeCloseTo(21, 5);
    expect(contrastRatio("#2550e0", "#2550e0")).toBe(1);
  });

  it("matches published values", () => {
    // WebAIM's checker: #777777 on white is 4.48 (fails AA), #767676 is 4.54 (passes).
    expect(contrastRatio("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
    expect(relativeLuminance("#ff0000")).toBeCloseTo(0.2126, 4);
  });
});

describe("brandContrastWarnings", () => {
  it("says nothing for the default blue with white text", () => {
    expect(brandContrastWarnings({ brand_color: "", brand_text_color: "" })).toEqual([]);
    expect(brandContrastWarnings({ brand_color: "#2550e0", brand_text_color: "#ffffff" })).toEqual([]);
  });

  it("warns about white text on yellow, and yellow links on white, rounding down", () => {
    const warnings = brandContrastWarnings({ brand_color: "#ffd400", brand_text_color: "#ffffff" });
    expect(warnings.map((w) => w.pair)).toEqual(["text_on_brand", "brand_on_white"]);
    expect(warnings[0]!.ratio).toBe(1.4);
  });

  it("warns only about the text when dark text on yellow is fine but the links are not", () => {
    expect(brandContrastWarnings({ brand_color: "#ffd400", brand_text_color: "#111111" })).toEqual([
      { pair: "brand_on_white", ratio: 1.4 },
    ]);
  });

  it("warns at 4.48 (#777777) and not at 4.54 (#767676)", () => {
    expect(brandContrastWarnings({ brand_color: "#777777", brand_text_color: "#ffffff" })).toHaveLength(2);
    expect(brandContrastWarnings({ brand_color: "#767676", brand_text_color: "#ffffff" })).toEqual([]);
  });
});

// The before/after handle (spec §2, §9 "Slider default 50, step 0.1, range 0-100"): positions on the 0.1 grid within
// 0-100, and the keys that move the focused handle.
import { describe, expect, it } from "vitest";
import { isSliderPosition, SLIDER_START, sliderKeyMove, sliderPosition } from "./compare-slider.ts";

describe("slider positions", () => {
  it("starts at 50", () => {
    expect(SLIDER_START).toBe(50);
  });

  it("keeps positions within 0-100", () => {
    expect(sliderPosition(-3)).toBe(0);
    expect(sliderPosition(100.04)).toBe(100);
    expect(sliderPosition(250)).toBe(100);
    expect(sliderPosition(Number.NaN)).toBe(50);
  });

  it("rounds to the 0.1 step without floating-point dust", () => {
    expect(sliderPosition(33.33)).toBe(33.3);
    expect(sliderPosition(0.1 + 0.2)).toBe(0.3);
    expect(sliderPosition(66.66)).toBe(66.7);
  });

  it("accepts a start on the grid and refuses one off it or out of range", () => {
    for (const ok of [0, 0.1, 33.3, 50, 99.9, 100]) expect(isSliderPosition(ok), String(ok)).toBe(true);
    for (const bad of [-0.1, 100.1, 50.05, 12.345, Number.POSITIVE_INFINITY])
      expect(isSliderPosition(bad), String(bad)).toBe(false);
  });
});

describe("slider keys", () => {
  it("moves one step with the arrows, ten with PageUp/PageDown, to the ends with Home/End", () => {
    expect(sliderKeyMove(50, "ArrowRight")).toBe(50.1);
    expect(sliderKeyMove(50, "ArrowUp")).toBe(50.1);
    expect(sliderKeyMove(50, "ArrowLeft")).toBe(49.9);
    expect(sliderKeyMove(50, "ArrowDown")).toBe(49.9);
    expect(sliderKeyMove(50, "PageUp")).toBe(60);
    expect(sliderKeyMove(50, "PageDown")).toBe(40);
    expect(sliderKeyMove(50, "Home")).toBe(0);
    expect(sliderKeyMove(50, "End")).toBe(100);
  });

  it("stops at the range's ends and leaves other keys alone", () => {
    expect(sliderKeyMove(100, "ArrowRight")).toBe(100);
    expect(sliderKeyMove(0, "ArrowLeft")).toBe(0);
    expect(sliderKeyMove(95, "PageUp")).toBe(100);
    expect(sliderKeyMove(50, "Tab")).toBeNull();
    expect(sliderKeyMove(50, "a")).toBeNull();
  });
});

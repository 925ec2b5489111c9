// The carousel's rules (spec §2, §9): how many slides at which width, where the arrows and dots show, and when
// autoplay may run.
import { describe, expect, it } from "vitest";
import { autoplayRuns, CAROUSEL_AUTOPLAY_MS, CAROUSEL_SPEED_MS, carouselLayout } from "./carousel.ts";

describe("carousel layout", () => {
  it("shows 3 slides from 992 px, 2 from 768 px, 1 below", () => {
    expect(carouselLayout(1280, 10).slides).toBe(3);
    expect(carouselLayout(992, 10).slides).toBe(3);
    expect(carouselLayout(991, 10).slides).toBe(2);
    expect(carouselLayout(768, 10).slides).toBe(2);
    expect(carouselLayout(767, 10).slides).toBe(1);
    expect(carouselLayout(390, 10).slides).toBe(1);
  });

  it("has dots and no arrows below 768 px, arrows from 768 px", () => {
    expect(carouselLayout(767, 5)).toMatchObject({ arrows: false, dots: true });
    expect(carouselLayout(768, 5)).toMatchObject({ arrows: true, dots: false });
    expect(carouselLayout(1280, 5)).toMatchObject({ arrows: true, dots: false });
  });

  it("never shows more slides than there are", () => {
    expect(carouselLayout(1280, 2).slides).toBe(2);
    expect(carouselLayout(1280, 1).slides).toBe(1);
    expect(carouselLayout(800, 1).slides).toBe(1);
  });
});

describe("carousel autoplay", () => {
  it("moves every 2500 ms at a speed of 500 ms", () => {
    expect(CAROUSEL_AUTOPLAY_MS).toBe(2500);
    expect(CAROUSEL_SPEED_MS).toBe(500);
  });

  it("runs only when turned on, with more than one slide, and not for reduced motion", () => {
    expect(autoplayRuns({ autoplay: true, slideCount: 3, reducedMotion: false })).toBe(true);
    expect(autoplayRuns({ autoplay: false, slideCount: 3, reducedMotion: false })).toBe(false);
    expect(autoplayRuns({ autoplay: true, slideCount: 1, reducedMotion: false })).toBe(false);
    expect(autoplayRuns({ autoplay: true, slideCount: 3, reducedMotion: true })).toBe(false);
  });
});

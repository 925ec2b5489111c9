// The arithmetic of the upload box's image scaling: the size that fits the hint box (spec §9: 1280 × 800
// for covers, 600 × 600 elsewhere), the halving steps on the way down, which types are scaled, and the
// animated PNG and WebP that are left alone.
import { describe, expect, it } from "vitest";
import { DEFAULT_IMAGE_SIZE_HINT, imageSizeHint } from "#core/media/image-size-hints.ts";
import { png, webp } from "#tests/helpers/media-fixtures.ts";
import { fitWithin, isAnimated, isCompressible, scaleSteps } from "./image-compression.ts";

const cover = { width: 1280, height: 800 };

describe("imageSizeHint", () => {
  it("gives covers and library images 1280 × 800 and everything else 600 × 600", () => {
    expect(imageSizeHint("course-cover")).toEqual(cover);
    expect(imageSizeHint("library")).toEqual(cover);
    expect(imageSizeHint("post")).toEqual({ width: 600, height: 600 });
    expect(imageSizeHint("toString")).toEqual(DEFAULT_IMAGE_SIZE_HINT);
  });
});

describe("fitWithin", () => {
  it("keeps an image that already fits", () => {
    expect(fitWithin(1280, 800, cover)).toBeNull();
    expect(fitWithin(400, 600, cover)).toBeNull();
    expect(fitWithin(0, 10, cover)).toBeNull();
  });

  it("scales by the side that overflows most, keeping the proportions", () => {
    expect(fitWithin(2560, 1600, cover)).toEqual({ width: 1280, height: 800 });
    expect(fitWithin(4000, 3000, cover)).toEqual({ width: 1067, height: 800 });
    expect(fitWithin(3000, 1000, cover)).toEqual({ width: 1280, height: 427 });
    expect(fitWithin(3024, 4032, { width: 600, height: 600 })).toEqual({ width: 450, height: 600 });
    expect(fitWithin(1281, 800, cover)).toEqual({ width: 1280, height: 799 });
  });

  it("never rounds a side to zero or past the box", () => {
    expect(fitWithin(100000, 10, cover)).toEqual({ width: 1280, height: 1 });
    expect(fitWithin(1999, 1249, cover)).toEqual({ width: 1280, height: 800 });
  });
});

describe("scaleSteps", () => {
  it("halves at most per step and ends at the target", () => {
    expect(scaleSteps({ width: 6000, height: 4000 }, { width: 1200, height: 800 })).toEqual([
      { width: 3000, height: 2000 },
      { width: 1500, height: 1000 },
      { width: 1200, height: 800 },
    ]);
    expect(scaleSteps({ width: 1600, height: 1000 }, { width: 1280, height: 800 })).toEqual([
      { width: 1280, height: 800 },
    ]);
  });
});

describe("what is scaled", () => {
  it("scales JPEG, PNG and WebP; never SVG or GIF", () => {
    expect(["image/jpeg", "image/png", "image/webp", "image/svg+xml", "image/gif"].map(isCompressible)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it("recognises animated PNG and WebP from their first bytes", () => {
    const still = png(4, 4);
    expect(isAnimated(still, "image/png")).toBe(false);
    // An APNG: the acTL chunk comes right after IHDR, before the image data.
    const actl = Buffer.from([0, 0, 0, 8, ...Buffer.from("acTL"), 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0]);
    const animated = Buffer.concat([still.subarray(0, 33), actl, still.subarray(33)]);
    expect(isAnimated(animated, "image/png")).toBe(true);
    const extended = webp(10, 10, "VP8X");
    expect(isAnimated(extended, "image/webp")).toBe(false);
    const flagged = Buffer.from(extended);
    flagged[20] = flagged[20]! | 0x02;
    expect(isAnimated(flagged, "image/webp")).toBe(true);
    expect(isAnimated(webp(10, 10), "image/webp")).toBe(false);
  });
});

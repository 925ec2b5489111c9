import { crc32, inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { readRasterInfo } from "#core/media/file-signature.ts";
import { encodePng } from "./png.ts";
import { createCanvas, drawSunset } from "./raster.ts";

/** The chunks of a PNG, each checked against its CRC. */
function chunks(png: Buffer): { type: string; data: Buffer }[] {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const found: { type: string; data: Buffer }[] = [];
  let at = 8;
  while (at < png.length) {
    const length = png.readUInt32BE(at);
    const typeAndData = png.subarray(at + 4, at + 8 + length);
    expect(png.readUInt32BE(at + 8 + length)).toBe(crc32(typeAndData));
    found.push({ type: typeAndData.toString("latin1", 0, 4), data: typeAndData.subarray(4) });
    at += 12 + length;
  }
  return found;
}

/** The RGB pixels, with the row filters (None, Up) undone. */
function pixelsOf(data: Buffer, width: number, height: number): Uint8Array {
  const raw = inflateSync(data);
  const stride = width * 3;
  expect(raw.length).toBe((stride + 1) * height);
  const out = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    expect(filter).toBe(y === 0 ? 0 : 2);
    for (let i = 0; i < stride; i++) {
      const value = raw[y * (stride + 1) + 1 + i]!;
      out[y * stride + i] = y === 0 ? value : (value + out[(y - 1) * stride + i]!) & 0xff;
    }
  }
  return out;
}

describe("encodePng", () => {
  it("writes a valid RGB PNG whose pixels are the canvas's", () => {
    const canvas = createCanvas(160, 90);
    drawSunset(canvas, { sunset: 0.3 });
    const png = encodePng(canvas);
    expect(readRasterInfo(png)).toEqual({ type: "png", width: 160, height: 90 });
    const found = chunks(png);
    expect(found.map((c) => c.type)).toEqual(["IHDR", "IDAT", "IEND"]);
    const header = found[0]!.data;
    expect([header.readUInt32BE(0), header.readUInt32BE(4), ...header.subarray(8)]).toEqual([160, 90, 8, 2, 0, 0, 0]);
    expect(pixelsOf(found[1]!.data, 160, 90)).toEqual(canvas.pixels);
  });
});

describe("drawSunset", () => {
  it("draws the sun on the right third, and behind the hills once it has set", () => {
    const pixel = (canvas: ReturnType<typeof createCanvas>, x: number, y: number) =>
      Array.from(canvas.pixels.subarray((y * canvas.width + x) * 3, (y * canvas.width + x) * 3 + 3));
    const high = createCanvas(320, 180);
    drawSunset(high, { sunset: 0 });
    const set = createCanvas(320, 180);
    drawSunset(set, { sunset: 1 });
    // (beside the thirds line at x = 213)
    const sun = [217, Math.round(180 * 0.42)] as const;
    expect(pixel(high, ...sun)).toEqual([254, 249, 195]);
    expect(pixel(set, ...sun)).not.toEqual([254, 249, 195]);
    // The foreground hills are the same either way.
    expect(pixel(set, 10, 175)).toEqual(pixel(high, 10, 175));
  });
});

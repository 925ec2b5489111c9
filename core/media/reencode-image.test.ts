import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { reencodeImage } from "./reencode-image.ts";

/** An animated GIF of `frames` frames of `width` x `height`, each its own colour. */
async function animatedGif(width: number, height: number, frames: number): Promise<Buffer> {
  const strip = Buffer.alloc(width * height * frames * 3);
  for (let f = 0; f < frames; f++) strip.fill(f * 60, f * width * height * 3, (f + 1) * width * height * 3);
  return sharp(strip, { raw: { width, height: height * frames, channels: 3, pageHeight: height } })
    .gif({ loop: 0, delay: Array<number>(frames).fill(100) })
    .toBuffer();
}

describe("reencodeImage", () => {
  it("keeps an animated GIF's frames and size", async () => {
    const gif = await animatedGif(16, 8, 3);
    expect((await sharp(gif, { animated: true }).metadata()).pages).toBe(3);
    const { bytes, width, height } = await reencodeImage(gif, "gif", 10_000 * 10_000);
    expect({ width, height }).toEqual({ width: 16, height: 8 });
    expect((await sharp(bytes, { animated: true }).metadata()).pages).toBe(3);
  });

  it("refuses frames that add up to more pixels than allowed (a decompression bomb of many frames)", async () => {
    const gif = await animatedGif(16, 8, 3);
    await expect(reencodeImage(gif, "gif", 16 * 8 * 2)).rejects.toMatchObject({ reason: "too_many_pixels" });
  });

  it("refuses bytes that do not decode as the type they claim", async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    await expect(reencodeImage(png, "jpeg", 1_000_000)).rejects.toMatchObject({ reason: "type_mismatch" });
    await expect(reencodeImage(png.subarray(0, 40), "png", 1_000_000)).rejects.toMatchObject({
      reason: "type_mismatch",
    });
  });

  it("keeps a lossless WebP lossless", async () => {
    const raw = Buffer.alloc(8 * 8 * 3, 0);
    for (let i = 0; i < raw.length; i += 7) raw[i] = 255;
    const webp = await sharp(raw, { raw: { width: 8, height: 8, channels: 3 } })
      .webp({ lossless: true })
      .toBuffer();
    const { bytes } = await reencodeImage(webp, "webp", 1_000_000);
    const pixels = (b: Buffer) => sharp(b).removeAlpha().raw().toBuffer();
    expect((await pixels(bytes)).equals(await pixels(webp))).toBe(true);
  });
});

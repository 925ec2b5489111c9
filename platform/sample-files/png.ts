// A PNG file (8-bit RGB, no interlace) from a canvas: the signature, IHDR, one zlib-compressed IDAT and IEND,
// each chunk with its CRC-32. Every row is filtered with "Up" (the difference to the row above), which makes the
// sample's smooth sky compress to almost nothing.
import { crc32, deflateSync } from "node:zlib";
import type { Canvas } from "./raster.ts";

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const FILTER_NONE = 0;
const FILTER_UP = 2;

function chunk(type: string, data: Buffer): Buffer {
  const typeBytes = Buffer.from(type, "latin1");
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  typeBytes.copy(out, 4);
  data.copy(out, 8);
  out.writeUInt32BE(crc32(data, crc32(typeBytes)), 8 + data.length);
  return out;
}

export function encodePng(canvas: Canvas): Buffer {
  const { width, height, pixels } = canvas;
  const stride = width * 3;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (stride + 1);
    raw[row] = y === 0 ? FILTER_NONE : FILTER_UP;
    for (let i = 0; i < stride; i++) {
      const value = pixels[y * stride + i]!;
      raw[row + 1 + i] = y === 0 ? value : (value - pixels[(y - 1) * stride + i]!) & 0xff;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  // compression, filter method and interlace: 0
  return Buffer.concat([
    SIGNATURE,
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw, { level: 6 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

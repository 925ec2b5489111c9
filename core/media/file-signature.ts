// What a file really is, read from its first bytes (its "magic"), whatever its name or the content type it
// was sent with: PNG, JPEG, GIF and WebP with their pixel size read from the header, PDF, and the video
// containers the browser plays. The server trusts this, never the name (SECURITY.md "Uploads").

export type RasterType = "png" | "jpeg" | "gif" | "webp";

export const rasterContentTypes: Record<RasterType, string> = {
  png: "image/png",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
};

/** The type and, when the header could be read, the pixel size. */
export type RasterInfo = { type: RasterType; width: number | null; height: number | null };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function ascii(buffer: Buffer, start: number, length: number): string {
  return buffer.subarray(start, start + length).toString("latin1");
}

/** The raster type by magic bytes alone (enough to refuse a mismatch after the first bytes arrive). */
export function detectRasterType(head: Buffer): RasterType | null {
  if (head.length >= 8 && head.subarray(0, 8).equals(PNG_SIGNATURE)) return "png";
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "jpeg";
  if (head.length >= 6 && (ascii(head, 0, 6) === "GIF87a" || ascii(head, 0, 6) === "GIF89a")) return "gif";
  if (head.length >= 12 && ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 4) === "WEBP") return "webp";
  return null;
}

function pngSize(head: Buffer): [number, number] | null {
  // Signature (8), then the first chunk must be IHDR: length (4), "IHDR", width (4, BE), height (4, BE).
  if (head.length < 24 || ascii(head, 12, 4) !== "IHDR") return null;
  return [head.readUInt32BE(16), head.readUInt32BE(20)];
}

function gifSize(head: Buffer): [number, number] | null {
  if (head.length < 10) return null;
  return [head.readUInt16LE(6), head.readUInt16LE(8)];
}

// Start-of-frame markers carry the size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but do not.
const JPEG_SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function jpegSize(head: Buffer): [number, number] | null {
  let i = 2;
  while (i < head.length) {
    if (head[i] !== 0xff) return null; // not at a marker: corrupt
    while (head[i] === 0xff) i++; // fill bytes
    if (i >= head.length) return null;
    const marker = head[i]!;
    i++;
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue; // no length
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or start of scan before any frame
    if (i + 2 > head.length) return null;
    const length = head.readUInt16BE(i);
    if (length < 2) return null;
    if (JPEG_SOF.has(marker)) {
      if (i + 7 > head.length) return null;
      return [head.readUInt16BE(i + 5), head.readUInt16BE(i + 3)];
    }
    i += length;
  }
  return null;
}

function webpSize(head: Buffer): [number, number] | null {
  if (head.length < 30) return null;
  const chunk = ascii(head, 12, 4);
  if (chunk === "VP8 ") {
    // Frame tag (3), start code 9d 01 2a, then 14-bit width and height.
    if (head[23] !== 0x9d || head[24] !== 0x01 || head[25] !== 0x2a) return null;
    return [head.readUInt16LE(26) & 0x3fff, head.readUInt16LE(28) & 0x3fff];
  }
  if (chunk === "VP8L") {
    if (head[20] !== 0x2f) return null;
    const bits = head.readUInt32LE(21);
    return [(bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1];
  }
  if (chunk === "VP8X") {
    return [head.readUIntLE(24, 3) + 1, head.readUIntLE(27, 3) + 1];
  }
  return null;
}

/** Type and pixel size from a file's first bytes, or null when it is none of the four raster formats. */
export function readRasterInfo(head: Buffer): RasterInfo | null {
  const type = detectRasterType(head);
  if (!type) return null;
  const size = { png: pngSize, jpeg: jpegSize, gif: gifSize, webp: webpSize }[type](head);
  return { type, width: size?.[0] ?? null, height: size?.[1] ?? null };
}

export function isPdf(head: Buffer): boolean {
  return head.length >= 5 && ascii(head, 0, 5) === "%PDF-";
}

/** The content type of a video container the browser's <video> plays, or null. */
export function detectVideoContentType(head: Buffer): string | null {
  if (head.length >= 12 && ascii(head, 4, 4) === "ftyp") {
    return ascii(head, 8, 4) === "qt  " ? "video/quicktime" : "video/mp4";
  }
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return "video/webm";
  if (head.length >= 4 && ascii(head, 0, 4) === "OggS") return "video/ogg";
  return null;
}

export const videoExtensions: Record<string, string> = {
  "video/mp4": "mp4",
  "video/quicktime": "mov",
  "video/webm": "webm",
  "video/ogg": "ogv",
};

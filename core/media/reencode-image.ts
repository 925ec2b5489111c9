// Every raster image is decoded and encoded again before it is stored (SECURITY.md "Uploads", the issue's
// hole 12): what is kept is only the pixels, in the same format. Magic bytes and a header say nothing about
// what follows them: a GIF89a that is also JavaScript, a JPEG with HTML in a comment, a PNG with a trailing
// <script> all pass a header check. A fresh encoder writes no comments, no text chunks, no EXIF (a photo's
// GPS position), no XMP, nothing after the image's end. A JPEG's EXIF orientation is applied to the pixels
// first, so a photo taken sideways still shows upright. Animated GIFs and WebPs keep their frames.
//
// sharp (libvips) is loaded on the first image, not at start-up: a server that never sees an upload does not
// pay its ~30 MB (README: idle RSS under 200 MB).
import type { Sharp, SharpOptions } from "sharp";
import type { RasterType } from "./file-signature.ts";
import { UploadRejectedError } from "./upload-inspector.ts";

type SharpFactory = (input: Buffer, options: SharpOptions) => Sharp;

let loading: Promise<SharpFactory> | undefined;

export function loadSharp(): Promise<SharpFactory> {
  loading ??= import("sharp").then(({ default: sharp }) => {
    // No decoded-image cache (each upload is seen once) and one libvips thread per image: the machine is
    // shared with the requests.
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return loading;
}

export type ReencodedImage = { bytes: Buffer; width: number; height: number };

/** WebP's lossless flavour (a VP8L chunk) stays lossless; a lossy one is encoded lossy again. */
function isLosslessWebp(bytes: Buffer): boolean {
  return bytes.includes("VP8L", 12, "latin1");
}

/**
 * The image's pixels encoded afresh as `type`. Refused (UploadRejectedError) when the bytes do not decode
 * as that type ("type_mismatch") or hold more than `maxPixels` pixels over all their frames
 * ("too_many_pixels": a decompression bomb of many frames).
 */
export async function reencodeImage(bytes: Buffer, type: RasterType, maxPixels: number): Promise<ReencodedImage> {
  const sharp = await loadSharp();
  const animated = type === "gif" || type === "webp";
  const input = () => sharp(bytes, { animated, limitInputPixels: maxPixels, failOn: "error" });
  let pages: number;
  try {
    const meta = await input().metadata();
    if (meta.format !== (type === "jpeg" ? "jpeg" : type))
      throw new UploadRejectedError("type_mismatch", `decodes as ${meta.format}`);
    pages = meta.pages ?? 1;
  } catch (error) {
    throw asRejection(error);
  }
  let image = input();
  // Orientation is EXIF, which is about to be dropped: turn the pixels instead (single-frame images only).
  if (pages === 1) image = image.autoOrient();
  if (type === "png") image = image.png();
  else if (type === "jpeg") image = image.jpeg({ quality: 90 });
  else if (type === "gif") image = image.gif();
  else image = isLosslessWebp(bytes) ? image.webp({ lossless: true }) : image.webp({ quality: 90 });
  try {
    // sharp keeps no metadata unless asked (withMetadata/keepExif): the output is the pixels only.
    const { data, info } = await image.toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.pageHeight ?? info.height };
  } catch (error) {
    throw asRejection(error);
  }
}

function asRejection(error: unknown): UploadRejectedError {
  if (error instanceof UploadRejectedError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return new UploadRejectedError("too_many_pixels", message);
  return new UploadRejectedError("type_mismatch", `does not decode: ${message.slice(0, 200)}`);
}

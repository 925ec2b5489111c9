// An image an admin attaches to a reply (§6): PNG, JPEG, GIF or WebP recognised by its bytes (never by its name
// or the type the browser claims), at most 5 MB and at most 40 megapixels, stored under a name the server makes
// (images/replies/<random>.<ext>) re-encoded: only its pixels are kept (core/media/reencode-image.ts).
import { randomBytes } from "node:crypto";
import type { Storage } from "#core/ports/storage.ts";
import { fieldError } from "../errors.ts";
import { type RasterType, rasterContentTypes, readRasterInfo } from "../media/file-signature.ts";
import { reencodeImage } from "../media/reencode-image.ts";
import { isUploadRejected } from "../media/upload-inspector.ts";
import { REPLY_IMAGE_MAX_BYTES, REPLY_IMAGE_MAX_PIXELS, REPLY_IMAGE_MAX_SIDE } from "./schemas.ts";

export type ImageKind = { ext: "png" | "jpg" | "gif" | "webp"; contentType: string };
export type DetectedImage = ImageKind & { width: number; height: number };

const extensions: Record<RasterType, ImageKind["ext"]> = { png: "png", jpeg: "jpg", gif: "gif", webp: "webp" };

/** The image's type and size in pixels from its bytes, or null when it is none of the four formats. */
export function detectImage(bytes: Buffer): DetectedImage | null {
  const info = readRasterInfo(bytes);
  if (!info || info.width === null || info.height === null) return null;
  return {
    ext: extensions[info.type],
    contentType: rasterContentTypes[info.type],
    width: info.width,
    height: info.height,
  };
}

/** Checks the bytes: an image of an allowed type, size and dimensions, or a 422 on the image field. */
export function checkReplyImage(bytes: Buffer): DetectedImage {
  if (bytes.length > REPLY_IMAGE_MAX_BYTES)
    throw fieldError("image", "validation:file_max", { max: REPLY_IMAGE_MAX_BYTES / 1024 });
  const image = detectImage(bytes);
  if (!image) throw fieldError("image", "discussion:image_type");
  const { width, height } = image;
  if (
    width < 1 ||
    height < 1 ||
    width > REPLY_IMAGE_MAX_SIDE ||
    height > REPLY_IMAGE_MAX_SIDE ||
    width * height > REPLY_IMAGE_MAX_PIXELS
  ) {
    throw fieldError("image", "discussion:image_dimensions", { max: REPLY_IMAGE_MAX_SIDE });
  }
  return image;
}

const rasterTypes: Record<ImageKind["ext"], RasterType> = { png: "png", jpg: "jpeg", gif: "gif", webp: "webp" };

/** Stores a checked image, encoded afresh, under a new random key; returns the key and the stored size. */
export async function storeReplyImage(
  storage: Storage,
  bytes: Buffer,
  image: ImageKind,
): Promise<{ key: string; size: number }> {
  let cleaned: Buffer;
  try {
    cleaned = (await reencodeImage(bytes, rasterTypes[image.ext], REPLY_IMAGE_MAX_PIXELS)).bytes;
  } catch (error) {
    if (!isUploadRejected(error)) throw error;
    if (error.reason === "too_many_pixels") {
      throw fieldError("image", "discussion:image_dimensions", { max: REPLY_IMAGE_MAX_SIDE });
    }
    throw fieldError("image", "discussion:image_type");
  }
  const key = `images/replies/${randomBytes(16).toString("hex")}.${image.ext}`;
  await storage.put(key, cleaned, { contentType: image.contentType });
  return { key, size: cleaned.length };
}

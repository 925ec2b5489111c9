// A post's image (spec §5, §9): PNG, GIF or JPEG recognised by its bytes (never by its name or the type the
// browser claims), at most 600000 bytes (the browser compresses it first), stored re-encoded (only its pixels are
// kept: core/media/reencode-image.ts) under a name the server makes, images/posts/<random>.<ext>, with its size in
// pixels, like a reply's image (core/discussion/reply-image.ts), and a small copy beside it for the gallery.
import { randomBytes } from "node:crypto";
import type { Storage } from "#core/ports/storage.ts";
import { type DetectedImage, detectImage } from "#core/discussion/reply-image.ts";
import { REPLY_IMAGE_MAX_PIXELS, REPLY_IMAGE_MAX_SIDE } from "#core/discussion/schemas.ts";
import { fieldError } from "../errors.ts";
import { reencodeImage } from "../media/reencode-image.ts";
import { makeThumbnail, thumbnailKey } from "../media/thumbnail.ts";
import { isUploadRejected } from "../media/upload-inspector.ts";
import { POST_IMAGE_MAX_BYTES, POST_IMAGE_MAX_KB } from "./schemas.ts";

export type StoredPostImage = {
  key: string;
  /** its small copy for the gallery's grid (core/media/thumbnail.ts) */
  thumbnailKey: string;
  size: number;
  width: number;
  height: number;
  contentType: string;
};

const allowed = new Set(["png", "jpg", "gif"]);
const rasterOf = { png: "png", jpg: "jpeg", gif: "gif" } as const;

/** The refusal of an image over the limit (also raised while the upload is read). */
export function postImageTooLarge() {
  return fieldError("image", "validation:file_max", { max: POST_IMAGE_MAX_KB });
}

/** Checks the bytes: a PNG, GIF or JPEG of at most 600000 bytes and sane dimensions, or a 422 on `image`. */
export function checkPostImage(bytes: Buffer): DetectedImage {
  if (bytes.length > POST_IMAGE_MAX_BYTES) throw postImageTooLarge();
  const image = detectImage(bytes);
  if (!image || !allowed.has(image.ext)) throw fieldError("image", "community:image_type");
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

/** Stores a checked image encoded afresh under a new random key, and its thumbnail beside it. */
export async function storePostImage(storage: Storage, bytes: Buffer, image: DetectedImage): Promise<StoredPostImage> {
  const ext = image.ext as "png" | "jpg" | "gif";
  let cleaned: { bytes: Buffer; width: number; height: number };
  try {
    cleaned = await reencodeImage(bytes, rasterOf[ext], REPLY_IMAGE_MAX_PIXELS);
  } catch (error) {
    if (!isUploadRejected(error)) throw error;
    if (error.reason === "too_many_pixels") {
      throw fieldError("image", "discussion:image_dimensions", { max: REPLY_IMAGE_MAX_SIDE });
    }
    throw fieldError("image", "community:image_type");
  }
  const key = `images/posts/${randomBytes(16).toString("hex")}.${ext}`;
  const thumbnail = await makeThumbnail(cleaned.bytes);
  await storage.put(key, cleaned.bytes, { contentType: image.contentType });
  await storage.put(thumbnailKey(key), thumbnail.bytes, { contentType: "image/webp" });
  return {
    key,
    thumbnailKey: thumbnailKey(key),
    size: cleaned.bytes.length,
    // An animated GIF's decoded height spans its frames: its first frame's size is the picture's.
    width: ext === "gif" || !cleaned.width ? image.width : cleaned.width,
    height: ext === "gif" || !cleaned.height ? image.height : cleaned.height,
    contentType: image.contentType,
  };
}

/** Removes a post's image and its thumbnail (a missing one is no error); a failure leaves an unused file. */
export async function deletePostImageFiles(storage: Storage, key: string): Promise<void> {
  for (const file of [key, thumbnailKey(key)]) await storage.delete(file).catch(() => {});
}

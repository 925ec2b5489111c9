// What an upload may be, by where it is going (its key's prefix and the context it was asked for), and how
// a refusal reads. Shared by the two ways bytes arrive: the signed PUT to this server (store-signed-upload.ts)
// and the browser's PUT straight to the bucket, checked afterwards (complete-direct-upload.ts).
import { AppError, fieldError } from "../errors.ts";
import { MAX_IMAGE_BYTES, MAX_IMAGE_SIDE, MAX_LECTURE_FILE_BYTES, MAX_PRODUCT_FILE_BYTES } from "./limits.ts";
import { rasterContentTypes, type RasterType } from "./file-signature.ts";
import { reencodeImage } from "./reencode-image.ts";
import type { RejectionReason, UploadPolicy, UploadRejectedError } from "./upload-inspector.ts";

const rejectionMessages: Record<Exclude<RejectionReason, "too_large">, string> = {
  type_mismatch: "media:type_mismatch",
  too_many_pixels: "media:too_many_pixels",
  unsafe_svg: "media:unsafe_svg",
  not_pdf: "media:not_pdf",
  empty: "media:empty_file",
};

export function policyFor(upload: { storage_key: string; context: string; content_type: string }): UploadPolicy | null {
  if (upload.storage_key.startsWith("images/")) {
    return { kind: "image", contentType: upload.content_type, maxBytes: MAX_IMAGE_BYTES, maxSide: MAX_IMAGE_SIDE };
  }
  if (upload.storage_key.startsWith("lectures/")) {
    if (upload.context === "lecture-pdf") return { kind: "pdf", maxBytes: MAX_LECTURE_FILE_BYTES };
    if (upload.context === "lecture-file") return { kind: "any", maxBytes: MAX_LECTURE_FILE_BYTES };
  }
  // A file product's private file (core/products/create-product-file-upload.ts): any of its allowed types.
  if (upload.storage_key.startsWith("products/") && upload.context === "product-file") {
    return { kind: "any", maxBytes: MAX_PRODUCT_FILE_BYTES };
  }
  return null;
}

const rasterByContentType = new Map<string, RasterType>(
  Object.entries(rasterContentTypes).map(([type, contentType]) => [contentType, type as RasterType]),
);

/**
 * The bytes to store for an image that passed the inspector: a raster image encoded afresh (only its pixels:
 * no comments, metadata or trailing bytes), an SVG as it is (svg-safety.ts checked it and it is served as an
 * attachment in a sandbox). Throws UploadRejectedError when a raster image does not decode.
 */
export async function cleanImage(policy: Extract<UploadPolicy, { kind: "image" }>, bytes: Buffer): Promise<Buffer> {
  const raster = rasterByContentType.get(policy.contentType);
  if (!raster) return bytes;
  return (await reencodeImage(bytes, raster, policy.maxSide * policy.maxSide)).bytes;
}

/** 413 'File too big (at most N MB)' */
export function tooLarge(maxBytes: number): AppError {
  return new AppError("too_large", {
    messageKey: "media:file_too_big",
    values: { mb: Math.round(maxBytes / 1024 / 1024) },
  });
}

/** The answer to a file the inspector refused: 413 over the size cap, 422 with the reason otherwise. */
export function rejection(error: UploadRejectedError, policy: UploadPolicy): AppError {
  if (error.reason === "too_large") return tooLarge(policy.maxBytes);
  return fieldError("file", rejectionMessages[error.reason], { max: MAX_IMAGE_SIDE });
}

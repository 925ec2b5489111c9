// Checks an upload while it streams into storage: the size cap (refused the moment it is passed), the real
// type by magic bytes (refused as soon as the first bytes disagree) and, at the end, the pixel size of an
// image or the safety of an SVG. Failing is an error on the stream, so the storage never keeps the file
// (it writes to a temporary file and renames only after the whole stream succeeded).
import { Transform, type TransformCallback } from "node:stream";
import { detectRasterType, isPdf, rasterContentTypes, readRasterInfo, type RasterType } from "./file-signature.ts";
import { checkSvg } from "./svg-safety.ts";

export type UploadPolicy =
  | { kind: "image"; contentType: string; maxBytes: number; maxSide: number }
  | { kind: "pdf"; maxBytes: number }
  | { kind: "any"; maxBytes: number };

export type RejectionReason = "too_large" | "type_mismatch" | "too_many_pixels" | "unsafe_svg" | "not_pdf" | "empty";

export class UploadRejectedError extends Error {
  readonly reason: RejectionReason;
  constructor(reason: RejectionReason, detail?: string) {
    super(detail ? `${reason}: ${detail}` : reason);
    this.name = "UploadRejectedError";
    this.reason = reason;
  }
}

export function isUploadRejected(error: unknown): error is UploadRejectedError {
  return error instanceof Error && error.name === "UploadRejectedError";
}

// Enough for any raster header (JPEG's frame header can follow large EXIF/ICC segments).
const HEAD_BYTES = 2 * 1024 * 1024;
const MAGIC_BYTES = 16;

const rasterByContentType = new Map<string, RasterType>(
  Object.entries(rasterContentTypes).map(([type, contentType]) => [contentType, type as RasterType]),
);

export type InspectionResult = { size: number };

/**
 * How many of a stored file's first bytes the inspector needs to judge it (a whole SVG, a raster's or a
 * PDF's head, nothing for any other file): what the server reads back from a bucket after a direct upload.
 */
export function bytesToInspect(policy: UploadPolicy, size: number): number {
  if (policy.kind === "any") return 0;
  if (policy.kind === "image" && policy.contentType === "image/svg+xml") return size;
  return Math.min(size, HEAD_BYTES);
}

export function createUploadInspector(policy: UploadPolicy): { stream: Transform; result(): InspectionResult } {
  const isSvg = policy.kind === "image" && policy.contentType === "image/svg+xml";
  const expectedRaster = policy.kind === "image" && !isSvg ? rasterByContentType.get(policy.contentType) : undefined;
  if (policy.kind === "image" && !isSvg && !expectedRaster) throw new Error(`not an image type: ${policy.contentType}`);
  // An SVG is checked whole; a raster or a PDF by its head.
  const keepBytes = isSvg ? policy.maxBytes : policy.kind === "any" ? 0 : HEAD_BYTES;

  let size = 0;
  let magicChecked = policy.kind === "any";
  const head: Buffer[] = [];
  let headLength = 0;
  const headBuffer = () => Buffer.concat(head, headLength);

  function checkMagic(bytes: Buffer): UploadRejectedError | null {
    if (policy.kind === "pdf") return isPdf(bytes) ? null : new UploadRejectedError("not_pdf");
    const raster = detectRasterType(bytes);
    if (isSvg) return raster ? new UploadRejectedError("type_mismatch", `${raster} bytes sent as SVG`) : null;
    return raster === expectedRaster ? null : new UploadRejectedError("type_mismatch", `${raster ?? "unknown"} bytes`);
  }

  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      size += chunk.length;
      if (size > policy.maxBytes) return callback(new UploadRejectedError("too_large"));
      if (headLength < keepBytes) {
        const part = chunk.subarray(0, keepBytes - headLength);
        head.push(part);
        headLength += part.length;
      }
      if (!magicChecked && headLength >= MAGIC_BYTES) {
        magicChecked = true;
        const problem = checkMagic(headBuffer());
        if (problem) return callback(problem);
      }
      callback(null, chunk);
    },
    flush(callback: TransformCallback) {
      if (size === 0) return callback(new UploadRejectedError("empty"));
      const bytes = headBuffer();
      if (!magicChecked) {
        const problem = checkMagic(bytes);
        if (problem) return callback(problem);
      }
      if (isSvg) {
        const verdict = checkSvg(bytes);
        return callback(verdict.ok ? null : new UploadRejectedError("unsafe_svg", verdict.reason));
      }
      if (policy.kind === "image") {
        const info = readRasterInfo(bytes);
        if (!info || info.type !== expectedRaster || !info.width || !info.height) {
          return callback(new UploadRejectedError("type_mismatch", "unreadable image header"));
        }
        if (info.width > policy.maxSide || info.height > policy.maxSide) {
          return callback(new UploadRejectedError("too_many_pixels", `${info.width}x${info.height}`));
        }
      }
      callback();
    },
  });
  return { stream, result: () => ({ size }) };
}

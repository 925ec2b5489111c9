// Before an image is uploaded, the browser scales a large JPEG, PNG or WebP down to fit the size hint of
// where it is used (core/media/image-size-hints.ts: 1280 × 800 for covers, ...) with a canvas, keeping its
// type (the signed upload address names the type) and, for JPEG and WebP, a quality of 0.85. The smaller
// file is sent only when it really is smaller; SVG, GIF and animated PNG or WebP are sent as they are (a
// canvas would keep only their first frame). The arithmetic is pure and unit-tested; the canvas part runs in
// the browser only.
import type { SizeBox } from "#core/media/image-size-hints.ts";

export const COMPRESSIBLE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

/** For JPEG and WebP. The spec's comment-image default (0.5, §9) visibly blurs a sales page's cover. */
export const COMPRESSION_QUALITY = 0.85;

/** The size that fits inside the box with the same proportions, or null when the image already fits. */
export function fitWithin(width: number, height: number, box: SizeBox): SizeBox | null {
  if (width <= 0 || height <= 0 || (width <= box.width && height <= box.height)) return null;
  const scale = Math.min(box.width / width, box.height / height);
  return {
    width: Math.min(box.width, Math.max(1, Math.round(width * scale))),
    height: Math.min(box.height, Math.max(1, Math.round(height * scale))),
  };
}

/**
 * The sizes to draw through on the way down: halving at most each step (one big step in a canvas loses
 * detail to aliasing), ending at the target.
 */
export function scaleSteps(from: SizeBox, to: SizeBox): SizeBox[] {
  const steps: SizeBox[] = [];
  let { width, height } = from;
  while (width / 2 > to.width && height / 2 > to.height) {
    width = Math.round(width / 2);
    height = Math.round(height / 2);
    steps.push({ width, height });
  }
  steps.push(to);
  return steps;
}

function ascii(bytes: Uint8Array, start: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(start, start + length));
}

/** An animated PNG (an acTL chunk before the image data) or WebP (the VP8X animation flag), from its first bytes. */
export function isAnimated(head: Uint8Array, contentType: string): boolean {
  if (contentType === "image/png") {
    let offset = 8;
    while (offset + 8 <= head.length) {
      const length =
        ((head[offset]! << 24) | (head[offset + 1]! << 16) | (head[offset + 2]! << 8) | head[offset + 3]!) >>> 0;
      const type = ascii(head, offset + 4, 4);
      if (type === "acTL") return true;
      if (type === "IDAT" || type === "IEND") return false;
      offset += 12 + length;
    }
    return false;
  }
  if (contentType === "image/webp") {
    return head.length >= 21 && ascii(head, 12, 4) === "VP8X" && (head[20]! & 0x02) !== 0;
  }
  return false;
}

export function isCompressible(contentType: string): boolean {
  return (COMPRESSIBLE_TYPES as readonly string[]).includes(contentType);
}

function toBlob(canvas: HTMLCanvasElement, contentType: string): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, contentType, COMPRESSION_QUALITY));
}

/**
 * The file to upload: a scaled-down copy of the same type when the image is larger than the box and the copy
 * is smaller, otherwise the file itself. Never fails: anything the browser cannot do leaves the file as it is.
 */
export async function compressImage(file: Blob, contentType: string, box: SizeBox): Promise<Blob> {
  if (!isCompressible(contentType) || typeof createImageBitmap !== "function") return file;
  try {
    if (isAnimated(new Uint8Array(await file.slice(0, 64 * 1024).arrayBuffer()), contentType)) return file;
    // The picture as it should be seen (EXIF rotation applied): the copy has no EXIF to rotate it again.
    const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
    const target = fitWithin(bitmap.width, bitmap.height, box);
    if (!target) {
      bitmap.close();
      return file;
    }
    let source: CanvasImageSource = bitmap;
    let canvas: HTMLCanvasElement | null = null;
    for (const step of scaleSteps({ width: bitmap.width, height: bitmap.height }, target)) {
      const next = document.createElement("canvas");
      next.width = step.width;
      next.height = step.height;
      const context = next.getContext("2d");
      if (!context) return file;
      context.imageSmoothingEnabled = true;
      context.imageSmoothingQuality = "high";
      context.drawImage(source, 0, 0, step.width, step.height);
      source = next;
      canvas = next;
    }
    bitmap.close();
    const blob = canvas ? await toBlob(canvas, contentType) : null;
    // A browser that cannot write this type gives PNG instead: the signed type would not match.
    if (!blob || blob.type !== contentType || blob.size >= file.size) return file;
    return blob;
  } catch {
    return file;
  }
}

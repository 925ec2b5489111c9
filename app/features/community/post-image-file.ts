// A post's image in the browser (spec §5, §9): PNG, GIF or JPEG; a large JPEG or PNG is scaled down to fit 3000 x
// 2000 and encoded at quality 0.5 (0.4 when that is still above the limit; a PNG that stays too big becomes a
// JPEG); GIFs are sent as they are (a canvas keeps one frame). Above 600000 bytes after that it is refused with
// validation.max.file, the message clearing after 3 s. The choices are pure; the canvas runs in the browser only.
import { fitWithin, isAnimated, scaleSteps } from "#app/features/media/image-compression.ts";
import {
  POST_IMAGE_BOX,
  POST_IMAGE_MAX_BYTES,
  POST_IMAGE_MAX_KB,
  POST_IMAGE_MIN_QUALITY,
  POST_IMAGE_QUALITY,
  POST_IMAGE_TYPES,
} from "#core/community/schemas.ts";

export const POST_IMAGE_ACCEPT = POST_IMAGE_TYPES.join(",");
/** §5: the image's message clears after 3 s. */
export const IMAGE_MESSAGE_MS = 3000;

/** What is wrong with a chosen (already compressed) file, as a translation key with its values, or null. */
export function postImageProblem(file: { type: string; size: number }): { key: string; values?: object } | null {
  if (!(POST_IMAGE_TYPES as readonly string[]).includes(file.type)) return { key: "community:image_type" };
  if (file.size > POST_IMAGE_MAX_BYTES) return { key: "validation:file_max", values: { max: POST_IMAGE_MAX_KB } };
  return null;
}

/** The encodings to try in turn: the type and quality of each (a PNG falls back to JPEG). */
export function encodingsFor(type: string): { type: string; quality: number }[] {
  const jpeg = [
    { type: "image/jpeg", quality: POST_IMAGE_QUALITY },
    { type: "image/jpeg", quality: POST_IMAGE_MIN_QUALITY },
  ];
  if (type === "image/png") return [{ type: "image/png", quality: POST_IMAGE_QUALITY }, ...jpeg];
  if (type === "image/jpeg") return jpeg;
  return [];
}

function toBlob(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

/** The file to send: a smaller encoding when one is smaller, otherwise the file itself. Never fails. */
export async function compressPostImage(file: File): Promise<Blob> {
  const encodings = encodingsFor(file.type);
  if (encodings.length === 0 || typeof createImageBitmap !== "function") return file;
  try {
    if (isAnimated(new Uint8Array(await file.slice(0, 64 * 1024).arrayBuffer()), file.type)) return file;
    const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
    const from = { width: bitmap.width, height: bitmap.height };
    const target = fitWithin(from.width, from.height, POST_IMAGE_BOX) ?? from;
    let source: CanvasImageSource = bitmap;
    let canvas: HTMLCanvasElement | null = null;
    const steps = target === from ? [from] : scaleSteps(from, target);
    for (const step of steps) {
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
    if (!canvas) return file;
    let best: Blob = file;
    for (const encoding of encodings) {
      const blob = await toBlob(canvas, encoding.type, encoding.quality);
      if (blob && blob.type === encoding.type && blob.size < best.size) best = blob;
      if (best.size <= POST_IMAGE_MAX_BYTES) break;
    }
    return best;
  } catch {
    return file;
  }
}

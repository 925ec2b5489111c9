// The image upload box's sequence, apart from its looks: scale the picture to its size hint
// (image-compression.ts), POST /home/images/create for the signed address, PUT the bytes there with the
// file's content type (put-file.ts), and, when the ticket says so (a bucket took the PUT, S3), POST its
// `confirm` so that the server checks and stores the object. The calls are passed in, so the order and
// the branches are unit-tested without a browser.
import { imageSizeHint } from "#core/media/image-size-hints.ts";
import { MAX_IMAGE_BYTES } from "#core/media/limits.ts";
import type { PutResult } from "./put-file.ts";

export type ImageTicket = { upload: string; download: string; confirm?: string };

export type SendImageCalls = {
  post<T>(path: string, body: unknown): Promise<T>;
  put(url: string, file: Blob, contentType: string, onProgress: (percent: number) => void): Promise<PutResult>;
  compress(file: Blob, contentType: string, box: { width: number; height: number }): Promise<Blob>;
};

export type SendImageResult = { ok: true; download: string } | { ok: false; status: number; message: string | null };

export async function sendImage(
  calls: SendImageCalls,
  options: {
    file: Blob;
    filename: string;
    extension: string;
    contentType: string;
    context: string;
    onPreparing(): void;
    onProgress(percent: number): void;
  },
): Promise<SendImageResult> {
  options.onPreparing();
  const body = await calls.compress(options.file, options.contentType, imageSizeHint(options.context));
  if (body.size > MAX_IMAGE_BYTES) return { ok: false, status: 413, message: null };
  options.onProgress(0);
  const ticket = await calls.post<ImageTicket>("/home/images/create", {
    extension: options.extension,
    filename: options.filename,
    context: options.context,
  });
  const result = await calls.put(ticket.upload, body, options.contentType, options.onProgress);
  if (result.status < 200 || result.status >= 300) return { ok: false, ...result };
  if (ticket.confirm) {
    const confirmed = await calls.post<{ download: string }>(ticket.confirm, {
      path: ticket.download,
      context: options.context,
    });
    return { ok: true, download: confirmed.download };
  }
  return { ok: true, download: ticket.download };
}

// PUT /uploads/<key>?content_type&expires&signature: the browser's upload to the signed address. No session
// and no CSRF token: the signature is the permission. Refused with 403 when the address was tampered with,
// has expired, or the request's Content-Type is not the signed one; 409 when the file was already received;
// 413 over the size cap; 422 when the bytes are not what the name promised (magic bytes, pixel size, SVG
// safety). The file reaches its key only after every check passed; a raster image is stored re-encoded
// (reencode-image.ts), so that only its pixels are kept.
import type { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { pipeline } from "node:stream/promises";
import { AppError } from "../errors.ts";
import type { MediaDeps } from "./media-deps.ts";
import { createUploadInspector, isUploadRejected } from "./upload-inspector.ts";
import { cleanImage, policyFor, rejection, tooLarge } from "./upload-policy.ts";

export async function storeSignedUpload(
  { db, storage }: MediaDeps,
  options: { url: string; contentType: string | undefined; contentLength: number | undefined; body: Readable },
): Promise<{ download: string; size: number }> {
  const signed = storage.verifySignedPut(options.url);
  if (!signed) throw new AppError("forbidden", { messageKey: "media:upload_link_invalid" });
  if (options.contentType !== signed.contentType) {
    throw new AppError("forbidden", { messageKey: "media:upload_content_type" });
  }
  const upload = await db
    .selectFrom("uploads")
    .select(["id", "storage_key", "context", "content_type", "status"])
    .where("storage_key", "=", signed.key)
    .executeTakeFirst();
  const policy = upload && upload.content_type === signed.contentType ? policyFor(upload) : null;
  if (!upload || !policy) throw new AppError("forbidden", { messageKey: "media:upload_link_invalid" });
  if (upload.status !== "pending") throw new AppError("conflict", { messageKey: "media:already_uploaded" });
  if (options.contentLength !== undefined && options.contentLength > policy.maxBytes) throw tooLarge(policy.maxBytes);

  const inspector = createUploadInspector(policy);
  // The body feeds the inspector; a broken body breaks the inspector and with it the storage's write.
  pipeline(options.body, inspector.stream).catch(() => {});
  let size: number;
  try {
    if (policy.kind === "image") {
      // An image (at most 10 MB) is read whole: a raster one is re-encoded before anything is stored.
      const cleaned = await cleanImage(policy, await buffer(inspector.stream));
      await storage.put(signed.key, cleaned, { contentType: signed.contentType });
      size = cleaned.length;
    } else {
      await storage.put(signed.key, inspector.stream, { contentType: signed.contentType });
      size = inspector.result().size;
    }
  } catch (error) {
    if (!isUploadRejected(error)) throw error;
    throw rejection(error, policy);
  }
  await db.updateTable("uploads").set({ status: "stored", size }).where("id", "=", upload.id).execute();
  return { download: signed.key, size };
}

// After the browser's PUT went straight to the bucket (S3: a presigned PUT cannot cap the size or look at
// the bytes), the server checks the object before anyone uses it: HEAD for the size (413 over the cap), then
// the magic bytes, the pixel size and SVG safety (422), the same checks as a PUT to this server
// (upload-inspector.ts). The object is first moved from incoming/<key> (where the presigned URL points, so
// the browser could still replace it) to checking/<key>, checked there, then stored at <key>: what is served
// is exactly what was checked. An image (at most 10 MB) is read whole and what reaches <key> is, for a raster
// one, its re-encoded copy (reencode-image.ts: the pixels only, as on a PUT to this server); a PDF is judged by
// a ranged GET of its first bytes and moved as it is. A refused object is deleted and the upload stays
// pending (a right file may follow). Confirming a stored upload again is harmless.
import { pipeline } from "node:stream/promises";
import { Writable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { AppError } from "../errors.ts";
import type { MediaDeps } from "./media-deps.ts";
import { checkingKey, incomingKey } from "./storage-keys.ts";
import {
  bytesToInspect,
  createUploadInspector,
  isUploadRejected,
  UploadRejectedError,
  type UploadPolicy,
} from "./upload-inspector.ts";
import { cleanImage, policyFor, rejection, tooLarge } from "./upload-policy.ts";

export type CompletedUpload = { download: string; size: number };

/** Reads `stream` to its end and drops the bytes. */
const discard = () =>
  new Writable({
    write(_chunk, _encoding, callback) {
      callback();
    },
  });

/** incoming/<key> -> checking/<key>; what arrived there, or null when nothing did. */
async function moveToChecking(storage: MediaDeps["storage"], key: string) {
  const incoming = incomingKey(key);
  if (!(await storage.head(incoming))) return null;
  try {
    await storage.move(incoming, checkingKey(key));
  } catch (error) {
    if (await storage.head(incoming)) throw error;
    return null;
  }
  return storage.head(checkingKey(key));
}

export async function completeDirectUpload(
  { db, storage }: MediaDeps,
  options: { userId: number; key: string },
): Promise<CompletedUpload> {
  const find = () =>
    db
      .selectFrom("uploads")
      .select(["id", "storage_key", "context", "content_type", "status", "size"])
      .where("storage_key", "=", options.key)
      .where("user_id", "=", options.userId)
      .executeTakeFirst();
  const upload = await find();
  const policy = upload ? policyFor(upload) : null;
  if (!upload || !policy) throw new AppError("not_found");
  if (upload.status === "stored") return { download: upload.storage_key, size: upload.size ?? 0 };
  // Storage that receives the PUT itself has stored (and checked) the file by now, or never got it.
  if (storage.uploadsArriveHere) throw new AppError("conflict", { messageKey: "media:not_uploaded_yet" });

  const stored = await moveToChecking(storage, upload.storage_key);
  if (!stored) {
    // Confirmed twice at once: the other call took it.
    const again = await find();
    if (again?.status === "stored") return { download: again.storage_key, size: again.size ?? 0 };
    throw new AppError("conflict", { messageKey: "media:not_uploaded_yet" });
  }
  const checking = checkingKey(upload.storage_key);
  const refuse = async (error: AppError): Promise<never> => {
    await storage.delete(checking);
    throw error;
  };
  if (stored.size > policy.maxBytes) return refuse(tooLarge(policy.maxBytes));
  if (stored.contentType !== upload.content_type)
    return refuse(rejection(new UploadRejectedError("type_mismatch"), policy));
  if (stored.size === 0) return refuse(rejection(new UploadRejectedError("empty"), policy));

  let size = stored.size;
  if (policy.kind === "image") {
    // Size checked above (at most 10 MB): the whole image is read, checked, cleaned and stored at <key>.
    const whole = await storage.get(checking);
    if (!whole) throw new AppError("conflict", { messageKey: "media:not_uploaded_yet" });
    const inspector = createUploadInspector(policy);
    try {
      pipeline(whole, inspector.stream).catch(() => {});
      const cleaned = await cleanImage(policy, await buffer(inspector.stream));
      await storage.put(upload.storage_key, cleaned, { contentType: upload.content_type });
      size = cleaned.length;
    } catch (error) {
      if (!isUploadRejected(error)) throw error;
      return refuse(rejection(error, policy));
    }
    await storage.delete(checking);
  } else {
    await inspectHead(storage, policy, checking, stored.size, refuse);
    await storage.move(checking, upload.storage_key);
  }
  await db
    .updateTable("uploads")
    .set({ status: "stored", size })
    .where("id", "=", upload.id)
    .where("status", "=", "pending")
    .execute();
  return { download: upload.storage_key, size };
}

/** A file that is not an image is checked by its first bytes (magic bytes of a PDF) and kept as it is. */
async function inspectHead(
  storage: MediaDeps["storage"],
  policy: UploadPolicy,
  checking: string,
  storedSize: number,
  refuse: (error: AppError) => Promise<never>,
): Promise<void> {
  const length = bytesToInspect(policy, storedSize);
  if (length > 0) {
    const head = await storage.get(checking, { start: 0, end: length - 1 });
    if (!head) throw new AppError("conflict", { messageKey: "media:not_uploaded_yet" });
    const inspector = createUploadInspector(policy);
    try {
      await pipeline(head, inspector.stream, discard());
    } catch (error) {
      if (!isUploadRejected(error)) throw error;
      await refuse(rejection(error, policy));
    }
  }
}

// Spec §3/§7 "Image upload": POST /home/images/create {extension, filename} answers {upload, download}:
// `upload` is a signed, expiring address the browser PUTs the file to (with the file's content type, no
// session headers), `download` the key it will be stored under. A pending uploads row remembers who asked
// and for what (context); the PUT (store-signed-upload.ts) checks the bytes and marks it stored. With storage
// that does not receive uploads itself (S3) the address is the bucket's presigned PUT to incoming/<key>, and
// the ticket's `confirm` names the call that checks and stores the object afterwards (confirm-image-upload.ts).
import { nowIso } from "#platform/db/connection.ts";
import { parseInput } from "../validation.ts";
import { type Actor, authorizeUser } from "../shared/actor.ts";
import { canUploadImages } from "./policies.ts";
import { imageContentTypes, normaliseExtension, type ImageExtension } from "./image-rules.ts";
import { type MediaDeps, UPLOAD_URL_SECONDS } from "./media-deps.ts";
import { createImageSchema } from "./schemas.ts";
import { incomingKey, newImageKey } from "./storage-keys.ts";

export type UploadTicket = { upload: string; download: string; confirm?: string };

export const CONFIRM_IMAGE_PATH = "/home/images/confirm";

/** The key the browser's PUT is signed for: the key itself, or its incoming/ twin in a bucket. */
export function signedUploadKey(storage: MediaDeps["storage"], key: string): string {
  return storage.uploadsArriveHere ? key : incomingKey(key);
}

export async function createImageUpload(
  { db, storage }: MediaDeps,
  actor: Actor,
  options: { input: unknown },
): Promise<UploadTicket> {
  const { userId } = authorizeUser(actor, canUploadImages(actor));
  const { extension, context } = parseInput(createImageSchema, options.input);
  const contentType = imageContentTypes[normaliseExtension(extension) as ImageExtension];
  const key = newImageKey(extension);
  await db
    .insertInto("uploads")
    .values({
      storage_key: key,
      context,
      user_id: userId,
      content_type: contentType,
      size: null,
      status: "pending",
      created_at: nowIso(),
    })
    .execute();
  const upload = storage.createSignedPutUrl(signedUploadKey(storage, key), {
    contentType,
    expiresInSeconds: UPLOAD_URL_SECONDS,
  });
  return storage.uploadsArriveHere ? { upload, download: key } : { upload, download: key, confirm: CONFIRM_IMAGE_PATH };
}

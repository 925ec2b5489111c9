// Spec §3/§7 "Image upload": POST /home/images/create {extension, filename} answers {upload, download}:
// `upload` is a signed, expiring address the browser PUTs the file to (with the file's content type, no
// session headers), `download` the key it will be stored under. A pending uploads row remembers who asked
// and for what (context); the PUT (store-signed-upload.ts) checks the bytes and marks it stored.
import { nowIso } from "#platform/db/connection.ts";
import { parseInput } from "../validation.ts";
import { imageContentTypes, normaliseExtension, type ImageExtension } from "./image-rules.ts";
import { type MediaDeps, UPLOAD_URL_SECONDS } from "./media-deps.ts";
import { createImageSchema } from "./schemas.ts";
import { newImageKey } from "./storage-keys.ts";

export type UploadTicket = { upload: string; download: string };

export async function createImageUpload(
  { db, storage }: MediaDeps,
  options: { userId: number; input: unknown },
): Promise<UploadTicket> {
  const { extension, context } = parseInput(createImageSchema, options.input);
  const contentType = imageContentTypes[normaliseExtension(extension) as ImageExtension];
  const key = newImageKey(extension);
  await db
    .insertInto("uploads")
    .values({
      storage_key: key,
      context,
      user_id: options.userId,
      content_type: contentType,
      size: null,
      status: "pending",
      created_at: nowIso(),
    })
    .execute();
  const upload = storage.createSignedPutUrl(key, { contentType, expiresInSeconds: UPLOAD_URL_SECONDS });
  return { upload, download: key };
}

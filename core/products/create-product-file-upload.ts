// POST /home/products/files/create {filename}: the signed upload of a file product's file, through the media
// flow (core/media: a pending uploads row, a signed expiring PUT address checked while streaming, the size cap of
// the 'product-file' policy), stored privately under products/... The content type is the server's, from the
// extension (productFileTypes); the browser PUTs with it. Then POST /home/products/files/confirm.
import { nowIso } from "#platform/db/connection.ts";
import { signedUploadKey } from "../media/create-image-upload.ts";
import { type MediaDeps, UPLOAD_URL_SECONDS } from "../media/media-deps.ts";
import { parseInput } from "../validation.ts";
import { type Actor, authorizeUser } from "../shared/actor.ts";
import { canManageProducts } from "./policies.ts";
import { newProductFileKey, PRODUCT_FILE_CONTEXT } from "./product-file-keys.ts";
import { createProductFileSchema, productFileContentType } from "./schemas.ts";

export const CONFIRM_PRODUCT_FILE_PATH = "/home/products/files/confirm";

export type ProductFileTicket = { upload: string; download: string; content_type: string; confirm: string };

export async function createProductFileUpload(
  { db, storage }: MediaDeps,
  options: { actor: Actor; input: unknown },
): Promise<ProductFileTicket> {
  const { userId } = authorizeUser(options.actor, canManageProducts(options.actor));
  const { filename } = parseInput(createProductFileSchema, options.input);
  const contentType = productFileContentType(filename)!;
  const key = newProductFileKey(filename);
  await db
    .insertInto("uploads")
    .values({
      storage_key: key,
      context: PRODUCT_FILE_CONTEXT,
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
  return { upload, download: key, content_type: contentType, confirm: CONFIRM_PRODUCT_FILE_PATH };
}

// POST /home/products/files/confirm {path}: after the browser's PUT, the file is ready to be set on a product.
// With storage that receives the PUT itself, the upload is stored by now (or it is a 409 'not uploaded yet');
// after a PUT straight to a bucket the object is checked and stored first (core/media/complete-direct-upload.ts).
// Only the uploader's own product-file upload (404 otherwise).
import { completeDirectUpload } from "../media/complete-direct-upload.ts";
import type { MediaDeps } from "../media/media-deps.ts";
import { keyFromPath } from "../media/storage-keys.ts";
import { AppError } from "../errors.ts";
import { parseInput } from "../validation.ts";
import { type Actor, authorizeUser } from "../shared/actor.ts";
import { canManageProducts } from "./policies.ts";
import { PRODUCT_FILE_CONTEXT } from "./product-file-keys.ts";
import { confirmProductFileSchema } from "./schemas.ts";

export async function confirmProductFile(
  deps: MediaDeps,
  options: { actor: Actor; input: unknown },
): Promise<{ key: string; size: number }> {
  const { userId } = authorizeUser(options.actor, canManageProducts(options.actor));
  const { path } = parseInput(confirmProductFileSchema, options.input);
  const key = keyFromPath(path);
  const upload = await deps.db
    .selectFrom("uploads")
    .select(["status", "size"])
    .where("storage_key", "=", key)
    .where("user_id", "=", userId)
    .where("context", "=", PRODUCT_FILE_CONTEXT)
    .executeTakeFirst();
  if (!upload || !key.startsWith("products/")) throw new AppError("not_found");
  if (upload.status === "stored") return { key, size: Number(upload.size ?? 0) };
  if (deps.storage.uploadsArriveHere) throw new AppError("conflict", { messageKey: "media:not_uploaded_yet" });
  const stored = await completeDirectUpload(deps, { userId, key });
  return { key, size: stored.size };
}

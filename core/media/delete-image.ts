// POST /home/images/delete {path, context}: removes an image its uploader no longer wants. Answers true when
// the file is gone (the widget removes its preview only then, spec §4). Another user's image, another
// context's, or a path we never issued is 404, as everywhere (SECURITY.md, IDOR).
import { AppError } from "../errors.ts";
import { parseInput } from "../validation.ts";
import { type Actor, authorizeUser } from "../shared/actor.ts";
import { canUploadImages } from "./policies.ts";
import type { MediaDeps } from "./media-deps.ts";
import { deleteImageSchema } from "./schemas.ts";
import { checkingKey, incomingKey, keyFromPath } from "./storage-keys.ts";

export async function deleteImage(
  { db, storage }: MediaDeps,
  actor: Actor,
  options: { input: unknown },
): Promise<true> {
  const { userId } = authorizeUser(actor, canUploadImages(actor));
  const { path, context } = parseInput(deleteImageSchema, options.input);
  const key = keyFromPath(path);
  const upload = await db
    .selectFrom("uploads")
    .select(["id", "storage_key"])
    .where("storage_key", "=", key)
    .where("user_id", "=", userId)
    .where("context", "=", context)
    .executeTakeFirst();
  if (!upload || !upload.storage_key.startsWith("images/")) throw new AppError("not_found");
  await storage.delete(upload.storage_key);
  // In a bucket, an upload never confirmed may still wait at incoming/ (nothing else would find it again).
  if (!storage.uploadsArriveHere) {
    await storage.delete(incomingKey(upload.storage_key));
    await storage.delete(checkingKey(upload.storage_key));
  }
  await db.deleteFrom("uploads").where("id", "=", upload.id).execute();
  return true;
}

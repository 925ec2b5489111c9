// POST /home/images/confirm {path, context}: the image upload box calls it after its PUT when the ticket
// said so (storage that does not receive uploads itself, S3): the object is checked and stored
// (complete-direct-upload.ts) and the answer is the key, as the PUT to this server answers. Only the
// uploader's own image of that context; anything else is 404.
import { AppError } from "../errors.ts";
import { parseInput } from "../validation.ts";
import { type Actor, authorizeUser } from "../shared/actor.ts";
import { canUploadImages } from "./policies.ts";
import { completeDirectUpload, type CompletedUpload } from "./complete-direct-upload.ts";
import type { MediaDeps } from "./media-deps.ts";
import { confirmImageSchema } from "./schemas.ts";
import { keyFromPath } from "./storage-keys.ts";

export async function confirmImageUpload(
  deps: MediaDeps,
  actor: Actor,
  options: { input: unknown },
): Promise<CompletedUpload> {
  const { userId } = authorizeUser(actor, canUploadImages(actor));
  const { path, context } = parseInput(confirmImageSchema, options.input);
  const key = keyFromPath(path);
  const upload = await deps.db
    .selectFrom("uploads")
    .select("id")
    .where("storage_key", "=", key)
    .where("user_id", "=", userId)
    .where("context", "=", context)
    .executeTakeFirst();
  if (!upload || !key.startsWith("images/")) throw new AppError("not_found");
  return completeDirectUpload(deps, { userId, key });
}

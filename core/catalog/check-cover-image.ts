// A course's cover image is the storage key of an image uploaded through the image upload (§3, §7): only a
// key whose upload arrived and passed the server's checks may be set, so a course cannot point at any file.
import type { Db } from "#platform/db/connection.ts";
import { fieldError } from "../errors.ts";

export async function checkCoverImage(db: Db, key: string | null, current: string | null = null): Promise<void> {
  if (key === null || key === current) return;
  const upload = await db
    .selectFrom("uploads")
    .select("id")
    .where("storage_key", "=", key)
    .where("status", "=", "stored")
    .executeTakeFirst();
  if (!upload) throw fieldError("cover_image", "authoring:image_not_uploaded");
}

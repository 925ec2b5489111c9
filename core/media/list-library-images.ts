// The admin's own image library (/home/images): images uploaded with the 'library' context to use in lecture
// texts, newest first.
import type { Db } from "#platform/db/connection.ts";
import { type Actor, authorizeUser } from "../shared/actor.ts";
import { canUploadImages } from "./policies.ts";

export const LIBRARY_CONTEXT = "library";

export type LibraryImage = { key: string; size: number; createdAt: string };

export async function listLibraryImages(
  db: Db,
  actor: Actor,
  options: { limit?: number } = {},
): Promise<LibraryImage[]> {
  const { userId } = authorizeUser(actor, canUploadImages(actor));
  const rows = await db
    .selectFrom("uploads")
    .select(["storage_key", "size", "created_at"])
    .where("user_id", "=", userId)
    .where("context", "=", LIBRARY_CONTEXT)
    .where("status", "=", "stored")
    .orderBy("id", "desc")
    .limit(options.limit ?? 200)
    .execute();
  return rows.map((row) => ({ key: row.storage_key, size: row.size ?? 0, createdAt: row.created_at }));
}

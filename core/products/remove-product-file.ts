// A file product's file that nothing uses any more (the product got another file, or was deleted): its bytes and
// its uploads row go. Called after the change is committed, so a rolled-back change never loses the file.
import type { Db } from "#platform/db/connection.ts";
import type { Storage } from "#core/ports/storage.ts";
import { PRODUCT_FILE_CONTEXT } from "./product-file-keys.ts";

export async function removeProductFile({ db, storage }: { db: Db; storage: Storage }, key: string): Promise<void> {
  const stillUsed = await db.selectFrom("products").select("id").where("file_key", "=", key).executeTakeFirst();
  if (stillUsed) return;
  await storage.delete(key);
  await db.deleteFrom("uploads").where("storage_key", "=", key).where("context", "=", PRODUCT_FILE_CONTEXT).execute();
}

// What a product may point at, checked against the database before it is saved: a bundle's courses must exist,
// and a file product's file must be an upload of the product-file kind that arrived and passed the checks (so a
// product cannot hand out any stored file, such as another lecture's).
import type { Db } from "#platform/db/connection.ts";
import { fieldError } from "../errors.ts";
import { PRODUCT_FILE_CONTEXT } from "./product-file-keys.ts";

export async function checkBundleCourses(db: Db, courseIds: number[]): Promise<void> {
  if (courseIds.length === 0) return;
  const found = await db.selectFrom("courses").select("id").where("id", "in", courseIds).execute();
  if (found.length !== courseIds.length) throw fieldError("course_ids", "products:course_unknown");
}

export async function checkProductFile(db: Db, key: string | null, current: string | null = null): Promise<void> {
  if (key === null || key === current) return;
  const upload = await db
    .selectFrom("uploads")
    .select("id")
    .where("storage_key", "=", key)
    .where("context", "=", PRODUCT_FILE_CONTEXT)
    .where("status", "=", "stored")
    .executeTakeFirst();
  if (!upload) throw fieldError("file_key", "products:file_not_uploaded");
}

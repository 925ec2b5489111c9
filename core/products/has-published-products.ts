// Whether the school sells anything besides courses, for the header's "Products" link (a link to an empty list
// would be a dead end). One indexed lookup per page.
import type { Db } from "#platform/db/connection.ts";

export async function hasPublishedProducts(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom("products")
    .select("id")
    .where("status", "=", "published")
    .where("kind", "!=", "course")
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

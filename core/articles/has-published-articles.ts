// Whether the school has an article on show, for the header's "Articles" link (a link to an empty list would be a
// dead end). One indexed lookup per page.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";

export async function hasPublishedArticles(db: Db, now = nowIso()): Promise<boolean> {
  const row = await db
    .selectFrom("articles")
    .select("id")
    .where("status", "=", "published")
    .where("published_at", "<=", now)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

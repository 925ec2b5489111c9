// A reader's own votes on a page of comments or replies (core/discussion/discussion-cache.ts) are looked up by
// user, kind and a range of item ids. The one-per-user unique index starts with the item, so that lookup read every
// vote on every item in the range (a busy lecture: thousands); this index reads the reader's own only.
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("votes_by_user").on("votes").columns(["user_id", "votable_type", "votable_id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("votes_by_user").execute();
}

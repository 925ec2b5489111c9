// A post's image gets a small copy for the gallery's grid (core/media/thumbnail.ts). Posts stored before it have
// none and the gallery shows their full image, as before.
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("community_posts").addColumn("image_thumbnail", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("community_posts").dropColumn("image_thumbnail").execute();
}

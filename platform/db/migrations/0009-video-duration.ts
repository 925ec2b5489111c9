// A lecture video's length in seconds, as the browser read it from the file before the upload. When the video is
// ready, a lecture whose length was never entered takes it (rounded up to minutes). 0: not known.
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("videos")
    .addColumn("duration_seconds", "integer", (column) => column.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("videos").dropColumn("duration_seconds").execute();
}

// The line under the school's name on its home page, set by the owner (empty: a neutral default that promises
// nothing the school may not sell, such as a community).
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("school")
    .addColumn("tagline", "text", (column) => column.notNull().defaultTo(""))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("school").dropColumn("tagline").execute();
}

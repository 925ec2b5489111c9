// A school is set up once. The check in setupSchool reads before it writes; two setups at the same moment on
// PostgreSQL could both pass it. This unique column makes the second insert fail instead.
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("school")
    .addColumn("singleton", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex("school_singleton").on("school").column("singleton").unique().execute();
}

// An access's end told (issue 18: the access.expiring and access.expired events; the student's mail with them):
// `access_notices` holds one row per (access, kind, the end it told of), so a repeated scan or a second worker
// never tells it twice, and an access extended and ending again later is told again. The scan finds accesses by
// their end, hence the index.
import type { Kysely } from "kysely";
import type { Dialect } from "../connection.ts";
import { references, withId } from "../ddl.ts";

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable("access_notices"), dialect)
    .addColumn("access_id", "integer", (c) => references("course_access")(c.notNull()))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("ends_at", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("access_notices_once")
    .on("access_notices")
    .columns(["access_id", "kind", "ends_at"])
    .unique()
    .execute();
  await db.schema.createIndex("course_access_ends").on("course_access").column("ends_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("course_access_ends").execute();
  await db.schema.dropTable("access_notices").execute();
}

// Drip release (issue 17, item 4): a section or a lecture may open a number of days after the student's access
// began (`drip_days`) or at an instant (`drip_at`, ISO-8601 UTC, typed by the admin on the school's clock); both
// empty means no rule. The unlock mails go once per student and unlock: `drip_notices` holds one row per
// (student, section or lecture that unlocked), so a repeated scan, a second worker or a job deleted after three
// days never mails it again.
import type { Kysely } from "kysely";
import type { Dialect } from "../connection.ts";
import { references, withId } from "../ddl.ts";

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  for (const table of ["course_sections", "lectures"]) {
    await db.schema.alterTable(table).addColumn("drip_days", "integer").execute();
    await db.schema.alterTable(table).addColumn("drip_at", "text").execute();
  }
  await withId(db.schema.createTable("drip_notices"), dialect)
    .addColumn("user_id", "integer", (c) => references("users")(c.notNull()))
    .addColumn("course_id", "integer", (c) => references("courses")(c.notNull()))
    .addColumn("unit", "text", (c) => c.notNull())
    .addColumn("unit_id", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("drip_notices_once")
    .on("drip_notices")
    .columns(["user_id", "unit", "unit_id"])
    .unique()
    .execute();
  await db.schema.createIndex("drip_notices_course").on("drip_notices").column("course_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("drip_notices").execute();
  for (const table of ["course_sections", "lectures"]) {
    await db.schema.alterTable(table).dropColumn("drip_at").execute();
    await db.schema.alterTable(table).dropColumn("drip_days").execute();
  }
}

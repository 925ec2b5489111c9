// Moderation (issue 14, item 8): members report a post, a comment or a reply; the admin hides, deletes or
// dismisses what was reported, and may pause a member's posting for a while. Reports name their item by type and
// id (like votes): an item deleted later leaves its reports as the record of what was done. One open report per
// reporter and item (a partial unique index); the admin's queue reads the open ones by item.
import { sql, type Kysely } from "kysely";
import type { Dialect } from "../connection.ts";
import { references, withId } from "../ddl.ts";

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable("reports"), dialect)
    .addColumn("reportable_type", "text", (c) => c.notNull())
    .addColumn("reportable_id", "integer", (c) => c.notNull())
    .addColumn("reporter_id", "integer", (c) => references("users")(c.notNull()))
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("text", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("resolved_at", "text")
    .addColumn("resolved_by", "integer", (c) => references("users", "set null")(c))
    .addColumn("resolution", "text")
    .execute();
  // The open queue, item by item; and at most one open report per reporter and item.
  await db.schema
    .createIndex("reports_open")
    .on("reports")
    .columns(["reportable_type", "reportable_id", "id"])
    .where(sql.ref("resolved_at"), "is", null)
    .execute();
  await db.schema
    .createIndex("reports_open_per_reporter")
    .on("reports")
    .columns(["reportable_type", "reportable_id", "reporter_id"])
    .unique()
    .where(sql.ref("resolved_at"), "is", null)
    .execute();
  // The resolved tab, latest first; and a reporter's reports (the cascade from users).
  await db.schema.createIndex("reports_resolved").on("reports").columns(["resolved_at", "id"]).execute();
  await db.schema.createIndex("reports_reporter").on("reports").column("reporter_id").execute();

  await db.schema.alterTable("comments").addColumn("hidden_at", "text").execute();
  await db.schema.alterTable("replies").addColumn("hidden_at", "text").execute();
  await db.schema.alterTable("users").addColumn("posting_paused_until", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("posting_paused_until").execute();
  await db.schema.alterTable("replies").dropColumn("hidden_at").execute();
  await db.schema.alterTable("comments").dropColumn("hidden_at").execute();
  await db.schema.dropTable("reports").execute();
}

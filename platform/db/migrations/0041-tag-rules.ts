// Tag rules (issue 18, item 3): a tag given automatically when a student buys a product, completes a course or
// leaves a lead on a form (the lead's e-mail matched to a student's account at that moment). One row per tag and
// trigger; the target (a product, a course or a lead form, by the trigger) is named by id without a foreign key,
// so a rule of a deleted target simply never fires again (ids are never reused: AUTOINCREMENT / serial).
import type { Kysely } from "kysely";
import type { Dialect } from "../connection.ts";
import { references, withId } from "../ddl.ts";

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable("tag_rules"), dialect)
    .addColumn("tag_id", "integer", (c) => references("tags")(c.notNull()))
    .addColumn("trigger", "text", (c) => c.notNull())
    .addColumn("target_id", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("tag_rules_tag_trigger_target")
    .on("tag_rules")
    .columns(["tag_id", "trigger", "target_id"])
    .unique()
    .execute();
  await db.schema.createIndex("tag_rules_trigger_target").on("tag_rules").columns(["trigger", "target_id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("tag_rules").execute();
}

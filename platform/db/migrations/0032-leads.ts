// Leads (issue 16, item 4): the admin's lead forms (their fields, hidden fields and options as JSON, the tags
// given to their leads, whether a lead confirms by e-mail), every version of a form's consent text (a lead keeps
// the one it was shown), and the leads themselves: the values sent, the hidden fields, the page they came from,
// the address and time, and the confirmation state of a double opt-in (only the token's SHA-256 is stored).
import type { Kysely } from "kysely";
import type { Dialect } from "../connection.ts";
import { references, withId } from "../ddl.ts";

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable("lead_forms"), dialect)
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("fields", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("hidden_fields", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("options", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("tags", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("double_opt_in", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable("lead_consents"), dialect)
    .addColumn("form_id", "integer", (c) => references("lead_forms")(c.notNull()))
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("lead_consents_version")
    .on("lead_consents")
    .columns(["form_id", "version"])
    .unique()
    .execute();

  await withId(db.schema.createTable("leads"), dialect)
    .addColumn("form_id", "integer", (c) => references("lead_forms")(c.notNull()))
    .addColumn("email", "text")
    .addColumn("fields", "text", (c) => c.notNull())
    .addColumn("hidden_fields", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("page", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("consent_id", "integer", (c) => references("lead_consents", "restrict")(c))
    .addColumn("tags", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("confirmed"))
    .addColumn("confirm_token_hash", "text")
    .addColumn("confirmed_at", "text")
    .addColumn("ip", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("leads_form").on("leads").columns(["form_id", "id"]).execute();
  await db.schema.createIndex("leads_confirm_token").on("leads").column("confirm_token_hash").unique().execute();

  // One row per tag of a lead: the leads screen filters by tag.
  await db.schema
    .createTable("lead_tags")
    .addColumn("lead_id", "integer", (c) => references("leads")(c.notNull()))
    .addColumn("tag", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("lead_tags_pk", ["lead_id", "tag"])
    .execute();
  await db.schema.createIndex("lead_tags_tag").on("lead_tags").columns(["tag", "lead_id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("lead_tags").execute();
  await db.schema.dropTable("leads").execute();
  await db.schema.dropTable("lead_consents").execute();
  await db.schema.dropTable("lead_forms").execute();
}

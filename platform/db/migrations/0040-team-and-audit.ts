// Team roles and the audit log (issue 18, item 4): the school's owner (the admin who set it up; an existing
// school's lowest admin id), the role "moderator" beside "admin" and "student" (users.role is plain text, no check
// constraint to widen), and the audit log of the team's writes, read newest first, whole or by person, a page at a
// time by key (id), hence its two indexes.
import { type Kysely, sql } from "kysely";
import type { Dialect } from "../connection.ts";
import { references, withId } from "../ddl.ts";

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable("school")
    .addColumn("owner_user_id", "integer", (c) => c.references("users.id"))
    .execute();
  await backfillOwner(db);

  await withId(db.schema.createTable("audit_log"), dialect)
    .addColumn("user_id", "integer", (c) => references("users", "set null")(c))
    .addColumn("actor_name", "text", (c) => c.notNull())
    .addColumn("actor_role", "text", (c) => c.notNull())
    .addColumn("method", "text", (c) => c.notNull())
    .addColumn("route", "text", (c) => c.notNull())
    .addColumn("targets", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("summary", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("status", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("audit_log_user").on("audit_log").columns(["user_id", "id"]).execute();
  await db.schema.createIndex("audit_log_created").on("audit_log").columns(["created_at", "id"]).execute();
}

/** An existing school's owner: its lowest admin id (the admin its /setup created, unless since deleted). */
export async function backfillOwner(db: Kysely<any>): Promise<void> {
  await sql`update school set owner_user_id = (select min(id) from users where role = 'admin')
    where owner_user_id is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("audit_log").execute();
  await db.schema.alterTable("school").dropColumn("owner_user_id").execute();
}

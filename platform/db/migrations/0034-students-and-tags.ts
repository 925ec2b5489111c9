// Students (issue 18, items 1-3): the tags a school gives its students (public ones the student sees, e.g. a
// cohort; private ones only the admins see), which student has which (given by hand, by an import, or on a
// purchase) and the bulk imports run as jobs, each with its line-by-line report. The students list reads users
// by role in the order of its sort keys (signed up, name), the id breaking ties, so that a page is an index range
// scan whatever the number of students (keyset paging, core/students/list-students.ts).
import type { Kysely } from "kysely";
import type { Dialect } from "../connection.ts";
import { references, withId } from "../ddl.ts";

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable("tags"), dialect)
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("public", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("tags_name").on("tags").column("name").unique().execute();

  await withId(db.schema.createTable("student_tags"), dialect)
    .addColumn("user_id", "integer", (c) => references("users")(c.notNull()))
    .addColumn("tag_id", "integer", (c) => references("tags")(c.notNull()))
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("student_tags_user_tag")
    .on("student_tags")
    .columns(["user_id", "tag_id"])
    .unique()
    .execute();
  await db.schema.createIndex("student_tags_tag_user").on("student_tags").columns(["tag_id", "user_id"]).execute();

  await withId(db.schema.createTable("student_imports"), dialect)
    .addColumn("admin_id", "integer", (c) => references("users")(c.notNull()))
    .addColumn("course_id", "integer", (c) => references("courses", "set null")(c))
    .addColumn("tag_ids", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("lines", "text", (c) => c.notNull())
    .addColumn("lang", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
    .addColumn("total", "integer", (c) => c.notNull())
    .addColumn("processed", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("report", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("finished_at", "text")
    .execute();
  await db.schema.createIndex("student_imports_admin").on("student_imports").columns(["admin_id", "id"]).execute();

  await db.schema.createIndex("users_role_created").on("users").columns(["role", "created_at", "id"]).execute();
  await db.schema.createIndex("users_role_name").on("users").columns(["role", "name", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("users_role_name").execute();
  await db.schema.dropIndex("users_role_created").execute();
  await db.schema.dropTable("student_imports").execute();
  await db.schema.dropTable("student_tags").execute();
  await db.schema.dropTable("tags").execute();
}

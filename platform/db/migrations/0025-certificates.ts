// Certificates (issue 17, item 3) and favourites (item 5): a template per course (enabled, background image, field positions as JSON
// validated by core/certificates/schemas.ts, an optional validity in months) and the certificates issued from it.
// A certificate keeps what it says (the student's name, the course's title) as it was when issued; its public id
// is random and unguessable (the verification page's address). One live certificate per student and course: the
// partial unique index decides when two issues race; a revoked one no longer counts (reissue = revoke + new row).
import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { Dialect } from "../connection.ts";
import { references, withId } from "../ddl.ts";

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable("certificate_templates")
    .addColumn("course_id", "integer", (c) => references("courses")(c.primaryKey()))
    .addColumn("enabled", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("background_image", "text")
    .addColumn("layout", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("validity_months", "integer")
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable("certificates"), dialect)
    .addColumn("public_id", "text", (c) => c.notNull().unique())
    .addColumn("user_id", "integer", (c) => references("users")(c.notNull()))
    .addColumn("course_id", "integer", (c) => references("courses")(c.notNull()))
    .addColumn("student_name", "text", (c) => c.notNull())
    .addColumn("course_title", "text", (c) => c.notNull())
    .addColumn("issued_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text")
    .addColumn("revoked_at", "text")
    .addColumn("revoke_reason", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("replaces_id", "integer", (c) => references("certificates", "set null")(c))
    .execute();
  await db.schema
    .createIndex("certificates_live_once")
    .on("certificates")
    .columns(["user_id", "course_id"])
    .unique()
    .where(sql.ref("revoked_at"), "is", null)
    .execute();
  await db.schema.createIndex("certificates_user").on("certificates").columns(["user_id", "issued_at"]).execute();
  await db.schema.createIndex("certificates_course").on("certificates").column("course_id").execute();

  // Favourites (issue 17, item 5): a student's favourite courses and lectures, one row each, gone with them.
  await db.schema
    .createTable("favourite_courses")
    .addColumn("user_id", "integer", (c) => references("users")(c.notNull()))
    .addColumn("course_id", "integer", (c) => references("courses")(c.notNull()))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("favourite_courses_pk", ["user_id", "course_id"])
    .execute();
  await db.schema.createIndex("favourite_courses_course").on("favourite_courses").column("course_id").execute();
  await db.schema
    .createTable("favourite_lectures")
    .addColumn("user_id", "integer", (c) => references("users")(c.notNull()))
    .addColumn("lecture_id", "integer", (c) => references("lectures")(c.notNull()))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("favourite_lectures_pk", ["user_id", "lecture_id"])
    .execute();
  await db.schema.createIndex("favourite_lectures_lecture").on("favourite_lectures").column("lecture_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("favourite_lectures").execute();
  await db.schema.dropTable("favourite_courses").execute();
  await db.schema.dropTable("certificates").execute();
  await db.schema.dropTable("certificate_templates").execute();
}

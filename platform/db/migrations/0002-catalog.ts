// The catalog's first tables: courses, their sections and lectures. Later migrations extend them
// (cover images, promo prices, components, ...); this is the minimum the first run and the home page need.
import type { Kysely } from "kysely";
import type { Dialect } from "../connection.ts";
import { references, withId } from "../ddl.ts";

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable("courses"), dialect)
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    // 'draft' | 'published' | 'unpublished'
    .addColumn("status", "text", (c) => c.notNull().defaultTo("draft"))
    .addColumn("price_cents", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("courses_status_created").on("courses").columns(["status", "created_at"]).execute();

  await withId(db.schema.createTable("course_sections"), dialect)
    .addColumn("course_id", "integer", (c) => references("courses")(c.notNull()))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex("course_sections_course")
    .on("course_sections")
    .columns(["course_id", "position"])
    .execute();

  await withId(db.schema.createTable("lectures"), dialect)
    .addColumn("section_id", "integer", (c) => references("course_sections")(c.notNull()))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("duration_minutes", "integer", (c) => c.notNull().defaultTo(0))
    // 'free' | 'paid' | 'login'
    .addColumn("access", "text", (c) => c.notNull().defaultTo("paid"))
    // 'draft' | 'published'
    .addColumn("status", "text", (c) => c.notNull().defaultTo("draft"))
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    // markdown
    .addColumn("body", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema.createIndex("lectures_section").on("lectures").columns(["section_id", "position"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("lectures").execute();
  await db.schema.dropTable("course_sections").execute();
  await db.schema.dropTable("courses").execute();
}

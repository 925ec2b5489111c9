// Articles (issue 16, item 5): the school's blog at /articles. One row per article: its title, address, markdown
// body, cover image (an uploaded image's key), author's name, SEO title and description, who may read its body
// (everyone, logged-in students, or members) and its status. A published article is shown from its publication
// date on (a later date schedules it). Anonymous visitors get the article pages from the rendered-page cache, so
// the table moves the "catalog" cache version like the tables of 0013 and 0020.
import { type Kysely, sql } from "kysely";
import type { Dialect } from "../connection.ts";
import { withId } from "../ddl.ts";

const BUMP = sql.raw(
  "insert into cache_versions (name, version) values ('catalog', 1) " +
    "on conflict (name) do update set version = cache_versions.version + 1",
);

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable("articles"), dialect)
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("cover_image", "text")
    .addColumn("author_name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("seo_title", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("seo_description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("visibility", "text", (c) => c.notNull().defaultTo("public"))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("draft"))
    // ISO-8601 UTC; null while a draft has never been given one
    .addColumn("published_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("articles_published").on("articles").columns(["status", "published_at"]).execute();

  if (dialect === "postgres") {
    await sql`create trigger catalog_version_articles
      after insert or update or delete on articles
      for each statement execute function bump_catalog_version()`.execute(db);
    return;
  }
  for (const event of ["insert", "update", "delete"]) {
    await sql`create trigger ${sql.raw(`catalog_version_articles_${event}`)}
      after ${sql.raw(event)} on articles
      begin ${BUMP}; end`.execute(db);
  }
}

export async function down(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect === "postgres") {
    await sql`drop trigger if exists catalog_version_articles on articles`.execute(db);
  } else {
    for (const event of ["insert", "update", "delete"]) {
      await sql`drop trigger if exists ${sql.raw(`catalog_version_articles_${event}`)}`.execute(db);
    }
  }
  await db.schema.dropTable("articles").execute();
}

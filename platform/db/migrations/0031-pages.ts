// Pages made of blocks (issue 16, items 2 and 3): the admin's pages at addresses of their choosing (`subpages`, the
// spec's §7 word), their blocks (a type, its settings as JSON checked by core/pages/block-settings.ts, a position)
// and the evergreen countdowns' deadlines, one per block and visitor, kept on the server so that a second tab or a
// cleared storage does not restart them. Pages and blocks are what cached public pages show: both move the
// "catalog" cache version like the tables of migrations 0013 and 0020.
import { type Kysely, sql } from "kysely";
import type { Dialect } from "../connection.ts";
import { references, withId } from "../ddl.ts";

const BUMP = sql.raw(
  "insert into cache_versions (name, version) values ('catalog', 1) " +
    "on conflict (name) do update set version = cache_versions.version + 1",
);

const SHOWN = ["subpages", "subpage_blocks"] as const;

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable("subpages"), dialect)
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("draft"))
    .addColumn("seo_title", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("seo_description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("published_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable("subpage_blocks"), dialect)
    .addColumn("subpage_id", "integer", (c) => references("subpages")(c.notNull()))
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("settings", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("subpage_blocks_page").on("subpage_blocks").columns(["subpage_id", "position"]).execute();

  await withId(db.schema.createTable("countdown_deadlines"), dialect)
    .addColumn("block_id", "integer", (c) => references("subpage_blocks")(c.notNull()))
    .addColumn("visitor", "text", (c) => c.notNull())
    .addColumn("ends_at", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("countdown_deadlines_visitor")
    .on("countdown_deadlines")
    .columns(["block_id", "visitor"])
    .unique()
    .execute();

  for (const table of SHOWN) {
    if (dialect === "postgres") {
      await sql`create trigger ${sql.raw(`catalog_version_${table}`)}
        after insert or update or delete on ${sql.table(table)}
        for each statement execute function bump_catalog_version()`.execute(db);
      continue;
    }
    for (const event of ["insert", "update", "delete"]) {
      await sql`create trigger ${sql.raw(`catalog_version_${table}_${event}`)}
        after ${sql.raw(event)} on ${sql.table(table)}
        begin ${BUMP}; end`.execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("countdown_deadlines").execute();
  await db.schema.dropTable("subpage_blocks").execute();
  await db.schema.dropTable("subpages").execute();
}

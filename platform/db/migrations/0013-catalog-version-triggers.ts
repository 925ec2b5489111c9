// The "catalog" cache version (platform/cache/versions.ts) moves by itself: any insert, update or delete on a
// table whose rows anonymous visitors see on the cached catalog and sales pages bumps it, in the same
// transaction, through a trigger. Before, each of ~24 use-cases bumped it by hand, and a new one could forget;
// a foreign-key cascade (a course deleted with its lectures) now bumps it too. Other processes' page caches
// compare the version; this process's page cache learns of the write from the write watcher
// (server/plugins/page-cache.ts). The table list is frozen here: a later table that the pages show gets its
// trigger in its own migration (platform/cache/versions.ts lists the tables, checked by a test).
import { type Kysely, sql } from "kysely";
import type { Dialect } from "../connection.ts";

const TABLES = [
  "school",
  "courses",
  "course_sections",
  "lectures",
  "lecture_components",
  "course_price_changes",
  "products",
  "product_variants",
  "variant_price_changes",
  "bundle_courses",
  "reviews",
];

// A purchase moves products.promo_sold (the promotional packages left): that renews the pages only when the
// promotion sells out (or is back on sale after a release); every other update of a product does.
const PRODUCT_UPDATE_SHOWS = sql.raw(
  "old.promo_sold = new.promo_sold or old.updated_at <> new.updated_at" +
    " or ((old.promo_limit >= 0 and old.promo_sold >= old.promo_limit)" +
    " <> (new.promo_limit >= 0 and new.promo_sold >= new.promo_limit))",
);

const BUMP = sql.raw(
  "insert into cache_versions (name, version) values ('catalog', 1) " +
    "on conflict (name) do update set version = cache_versions.version + 1",
);

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await sql`insert into cache_versions (name, version) values ('catalog', 0) on conflict (name) do nothing`.execute(db);
  if (dialect === "postgres") {
    await sql`create or replace function bump_catalog_version() returns trigger language plpgsql as $$
      begin ${BUMP}; return null; end $$`.execute(db);
    for (const table of TABLES) {
      // Once per statement: an ordering that moves 50 lectures bumps once.
      const events = table === "products" ? "insert or delete" : "insert or update or delete";
      await sql`create trigger ${sql.raw(`catalog_version_${table}`)}
        after ${sql.raw(events)} on ${sql.table(table)}
        for each statement execute function bump_catalog_version()`.execute(db);
    }
    await sql`create trigger catalog_version_products_update after update on products
      for each row when (${PRODUCT_UPDATE_SHOWS}) execute function bump_catalog_version()`.execute(db);
    return;
  }
  for (const table of TABLES) {
    for (const event of ["insert", "update", "delete"]) {
      const when = table === "products" && event === "update" ? sql`when ${PRODUCT_UPDATE_SHOWS}` : sql``;
      await sql`create trigger ${sql.raw(`catalog_version_${table}_${event}`)}
        after ${sql.raw(event)} on ${sql.table(table)} ${when}
        begin ${BUMP}; end`.execute(db);
    }
  }
}

export async function down(db: Kysely<any>, dialect: Dialect): Promise<void> {
  for (const table of TABLES) {
    if (dialect === "postgres") {
      await sql`drop trigger if exists ${sql.raw(`catalog_version_${table}`)} on ${sql.table(table)}`.execute(db);
      if (table === "products")
        await sql`drop trigger if exists catalog_version_products_update on products`.execute(db);
    } else {
      for (const event of ["insert", "update", "delete"])
        await sql`drop trigger if exists ${sql.raw(`catalog_version_${table}_${event}`)}`.execute(db);
    }
  }
  if (dialect === "postgres") await sql`drop function if exists bump_catalog_version()`.execute(db);
}

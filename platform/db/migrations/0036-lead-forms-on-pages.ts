// A page of blocks may show a lead form (its fields, options and consent text), and anonymous visitors get those
// pages from the rendered-page cache: a change of a form or of its consent moves the "catalog" cache version, like
// the tables of 0013, 0020, 0031 and 0033, so no cached page shows an old form.
import { type Kysely, sql } from "kysely";
import type { Dialect } from "../connection.ts";

const TABLES = ["lead_forms", "lead_consents"];

const BUMP = sql.raw(
  "insert into cache_versions (name, version) values ('catalog', 1) " +
    "on conflict (name) do update set version = cache_versions.version + 1",
);

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  for (const table of TABLES) {
    if (dialect === "postgres") {
      await sql`create trigger ${sql.raw(`catalog_version_${table}`)}
        after insert or update or delete on ${sql.raw(table)}
        for each statement execute function bump_catalog_version()`.execute(db);
      continue;
    }
    for (const event of ["insert", "update", "delete"]) {
      await sql`create trigger ${sql.raw(`catalog_version_${table}_${event}`)}
        after ${sql.raw(event)} on ${sql.raw(table)}
        begin ${BUMP}; end`.execute(db);
    }
  }
}

export async function down(db: Kysely<any>, dialect: Dialect): Promise<void> {
  for (const table of TABLES) {
    if (dialect === "postgres") {
      await sql`drop trigger if exists ${sql.raw(`catalog_version_${table}`)} on ${sql.raw(table)}`.execute(db);
      continue;
    }
    for (const event of ["insert", "update", "delete"]) {
      await sql`drop trigger if exists ${sql.raw(`catalog_version_${table}_${event}`)}`.execute(db);
    }
  }
}

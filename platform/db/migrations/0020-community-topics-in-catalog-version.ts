// The header of every page, cached ones included, links to the community when the visitor may read a topic
// (app/root.tsx): a topic opened, closed or made public must renew the cached pages, so community_topics moves the
// "catalog" cache version like the tables of 0013 (the same function on PostgreSQL, once per statement).
import { type Kysely, sql } from "kysely";
import type { Dialect } from "../connection.ts";

const BUMP = sql.raw(
  "insert into cache_versions (name, version) values ('catalog', 1) " +
    "on conflict (name) do update set version = cache_versions.version + 1",
);

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect === "postgres") {
    await sql`create trigger catalog_version_community_topics
      after insert or update or delete on community_topics
      for each statement execute function bump_catalog_version()`.execute(db);
    return;
  }
  for (const event of ["insert", "update", "delete"]) {
    await sql`create trigger ${sql.raw(`catalog_version_community_topics_${event}`)}
      after ${sql.raw(event)} on community_topics
      begin ${BUMP}; end`.execute(db);
  }
}

export async function down(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect === "postgres") {
    await sql`drop trigger if exists catalog_version_community_topics on community_topics`.execute(db);
    return;
  }
  for (const event of ["insert", "update", "delete"]) {
    await sql`drop trigger if exists ${sql.raw(`catalog_version_community_topics_${event}`)}`.execute(db);
  }
}

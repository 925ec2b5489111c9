// Memberships for the admin and the mails (issue 15, items 4 and 8): what happened to a membership besides its
// charges and cancellations (an admin's extension or ending with its reason), kept as a history; the members
// list's index (status, then newest first), so a filtered page costs the same however many members there are;
// and the membership mails sent, one row per (membership, kind, reference), so each is sent once even after the
// job that sent it is deleted; the card expiry's index finds the cards expiring this month or next. Sales pages
// list the plans that open them (subscribe buttons): plans and what they open move the "catalog" cache version
// like the tables of 0013 and 0020, so a cached page shows a plan's new price or closed sign-ups at once.
import { type Kysely, sql } from "kysely";
import type { Dialect } from "../connection.ts";
import { references, withId } from "../ddl.ts";

const BUMP = sql.raw(
  "insert into cache_versions (name, version) values ('catalog', 1) " +
    "on conflict (name) do update set version = cache_versions.version + 1",
);
const PLAN_TABLES = ["membership_plans", "membership_plan_courses", "membership_plan_products"];

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable("membership_events"), dialect)
    .addColumn("membership_id", "integer", (c) => references("memberships")(c.notNull()))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("days", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("periods", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("reason", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("actor_user_id", "integer", (c) => references("users", "set null")(c))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("membership_events_membership")
    .on("membership_events")
    .columns(["membership_id", "id"])
    .execute();
  await db.schema.createIndex("memberships_status_id").on("memberships").columns(["status", "id"]).execute();

  await withId(db.schema.createTable("membership_notices"), dialect)
    .addColumn("membership_id", "integer", (c) => references("memberships")(c.notNull()))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("ref", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("membership_notices_once")
    .on("membership_notices")
    .columns(["membership_id", "kind", "ref"])
    .unique()
    .execute();
  await db.schema
    .createIndex("memberships_card_expiry")
    .on("memberships")
    .columns(["card_exp_year", "card_exp_month"])
    .execute();

  for (const table of PLAN_TABLES) {
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

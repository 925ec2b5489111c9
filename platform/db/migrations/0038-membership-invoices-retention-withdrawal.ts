// Issue 15, the rest of memberships (decision 0042): an invoice per paid membership charge
// (`membership_invoices`, unique per charge, the same columns and life as `invoices`), the school's one retention
// offer (`membership_retention_offers`, at most one row: `scope` is unique and always 'school'), what the offer did
// to a membership (shown once, the discount it gave until which period) and the EU withdrawal (`withdrawn_at`; the
// refund owed is a `membership_events` row with `refund_cents`).
import type { Kysely } from "kysely";
import type { Dialect } from "../connection.ts";
import { references, withId } from "../ddl.ts";

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable("membership_invoices"), dialect)
    .addColumn("charge_id", "integer", (c) => references("membership_charges")(c.notNull().unique()))
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("scheduled"))
    .addColumn("number", "text")
    .addColumn("external_id", "text")
    .addColumn("pdf_url", "text")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_error", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable("membership_retention_offers"), dialect)
    .addColumn("scope", "text", (c) => c.notNull().unique().defaultTo("school"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("percent", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("periods", "integer", (c) => c.notNull())
    .addColumn("enabled", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema.alterTable("memberships").addColumn("retention_shown_at", "text").execute();
  await db.schema.alterTable("memberships").addColumn("retention_outcome", "text").execute();
  await db.schema
    .alterTable("memberships")
    .addColumn("discount_percent", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("memberships")
    .addColumn("discount_until_period", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("memberships").addColumn("withdrawn_at", "text").execute();
  await db.schema
    .alterTable("membership_events")
    .addColumn("refund_cents", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("membership_events").dropColumn("refund_cents").execute();
  for (const column of [
    "withdrawn_at",
    "discount_until_period",
    "discount_percent",
    "retention_outcome",
    "retention_shown_at",
  ]) {
    await db.schema.alterTable("memberships").dropColumn(column).execute();
  }
  await db.schema.dropTable("membership_retention_offers").execute();
  await db.schema.dropTable("membership_invoices").execute();
}

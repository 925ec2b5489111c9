// The school's time zone (an IANA name): dates and times are shown in it and a live event's start is entered in
// it (stored UTC). A Polish school (Polish, or selling in PLN) starts in Europe/Warsaw, any other in UTC, as
// the VAT rate's default is chosen (0011).
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("school")
    .addColumn("time_zone", "text", (column) => column.notNull().defaultTo("UTC"))
    .execute();
  await db
    .updateTable("school")
    .set({ time_zone: "Europe/Warsaw" })
    .where(sql<boolean>`language = 'pl' or currency = 'PLN'`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("school").dropColumn("time_zone").execute();
}

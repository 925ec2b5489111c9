// The VAT rate new courses and products start with, set by the owner. Prices are gross, so the rate only says how
// much of a price is VAT (checkout, invoices): a Polish school (Polish, or selling in PLN) starts at 23%, any
// other at 0% (no VAT line) until its owner enters their country's rate. Existing products keep theirs.
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("school")
    .addColumn("vat_rate", "integer", (column) => column.notNull().defaultTo(23))
    .execute();
  await db
    .updateTable("school")
    .set({ vat_rate: 0 })
    .where(sql<boolean>`language <> 'pl' and currency <> 'PLN'`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("school").dropColumn("vat_rate").execute();
}

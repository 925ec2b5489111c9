// The school's own site (issue 16): its brand (logo, favicon, colours), what its footer says (description,
// contact, social links, footer text, company details for invoices and legal pages) and its legal pages (terms,
// privacy policy, withdrawal-right information, in markdown). One row of settings already read by every request
// and already in the catalog version (0013), so a change renews the cached public pages with no new trigger.
// Empty text means "not set": the site then shows the defaults and no link to a missing page.
import type { Kysely } from "kysely";

const textColumns = [
  "brand_color",
  "brand_text_color",
  "description",
  "contact_email",
  "social_links",
  "footer_text",
  "company_name",
  "company_address",
  "company_tax_id",
  "terms",
  "privacy",
  "withdrawal",
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  // stored image keys (the image upload's), null: none
  await db.schema.alterTable("school").addColumn("logo", "text").execute();
  await db.schema.alterTable("school").addColumn("favicon", "text").execute();
  for (const name of textColumns) {
    await db.schema
      .alterTable("school")
      .addColumn(name, "text", (column) => column.notNull().defaultTo(""))
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ["logo", "favicon", ...textColumns]) {
    await db.schema.alterTable("school").dropColumn(name).execute();
  }
}

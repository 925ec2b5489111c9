// The school's public address (https://school.example): e-mailed links and the addresses given to payment
// providers are built from it, never from a request's Host header. Recorded at setup; a school set up before
// this migration gets it from APP_URL, from the first request of a logged-in admin, or from its settings page
// (docs/decisions/0008-school-public-address.md). A migration cannot know it, so the column starts empty.
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("school").addColumn("public_url", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("school").dropColumn("public_url").execute();
}

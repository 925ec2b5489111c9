// Unique job keys (platform/jobs/queue.ts, decision 0012): a job enqueued with a key is inserted only when no job
// row holds that key yet (INSERT ... ON CONFLICT DO NOTHING on this index). Jobs without a key have NULL here, and
// NULLs never conflict on SQLite or PostgreSQL. Scheduled jobs claim their time slot with a key
// ('schedule:<name>:<slot start>'), so each slot runs once across processes and machines.
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("jobs").addColumn("unique_key", "text").execute();
  await db.schema.createIndex("jobs_unique_key").on("jobs").column("unique_key").unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("jobs_unique_key").execute();
  await db.schema.alterTable("jobs").dropColumn("unique_key").execute();
}

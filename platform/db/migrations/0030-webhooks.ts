// Outgoing webhooks (issue 18, item 6): the owner's endpoints (an address, the events it wants, its signing secret
// stored encrypted, and whether it is on) and one delivery row per event and endpoint. A delivery keeps the
// Standard Webhooks message id for its whole life (retries and redeliveries send the same id, so a receiver can
// drop repeats), its attempt count, when it is due again, and the last request and answer (truncated) for the log.
import type { Kysely } from "kysely";
import type { Dialect } from "../connection.ts";
import { references, withId } from "../ddl.ts";

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable("webhook_endpoints"), dialect)
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("events", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("enabled", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("disabled_reason", "text")
    .addColumn("failing_since", "text")
    .addColumn("failed_deliveries", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable("webhook_deliveries"), dialect)
    .addColumn("endpoint_id", "integer", (c) => references("webhook_endpoints")(c.notNull()))
    .addColumn("message_id", "text", (c) => c.notNull())
    .addColumn("event_type", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text")
    .addColumn("last_attempt_at", "text")
    .addColumn("request_headers", "text")
    .addColumn("response_status", "integer")
    .addColumn("response_body", "text")
    .addColumn("error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("webhook_deliveries_endpoint")
    .on("webhook_deliveries")
    .columns(["endpoint_id", "id"])
    .execute();
  await db.schema
    .createIndex("webhook_deliveries_message")
    .on("webhook_deliveries")
    .columns(["endpoint_id", "message_id"])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("webhook_deliveries").execute();
  await db.schema.dropTable("webhook_endpoints").execute();
}

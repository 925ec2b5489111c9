// Stripe Billing for memberships (issue 15): the Stripe Price made for each plan at each price, period and currency
// (a price change makes a new Price; members keep the one they signed up at), and the ids of the Stripe events
// already applied to memberships (Stripe delivers at least once: a replay changes nothing).
import type { Kysely } from "kysely";
import type { Dialect } from "../connection.ts";
import { references, withId } from "../ddl.ts";

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable("membership_stripe_prices"), dialect)
    .addColumn("plan_id", "integer", (c) => references("membership_plans")(c.notNull()))
    .addColumn("price_cents", "integer", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("period_months", "integer", (c) => c.notNull())
    .addColumn("stripe_price_id", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("membership_stripe_prices_once")
    .on("membership_stripe_prices")
    .columns(["plan_id", "price_cents", "currency", "period_months"])
    .unique()
    .execute();

  await db.schema
    .createTable("membership_stripe_events")
    .addColumn("event_id", "text", (c) => c.primaryKey())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("received_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("membership_stripe_events").execute();
  await db.schema.dropTable("membership_stripe_prices").execute();
}

// Memberships (issue 15): plans the admin sells, what each opens (courses, products, community topics), the
// members' memberships with the price they signed up at, one charge row per membership and period (its unique key
// is the idempotency key sent to the provider, so a period is charged at most once however many workers try), and
// the cancellation survey's answers. Provider columns are generic: a card token (Tpay, PayU, Przelewy24, the test
// provider) or a provider's own subscription and customer ids (Stripe Billing, whose renewals are mirrored).
import { sql, type Kysely } from "kysely";
import type { Dialect } from "../connection.ts";
import { references, withId } from "../ddl.ts";

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable("membership_plans"), dialect)
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("price_cents", "integer", (c) => c.notNull())
    .addColumn("vat_rate", "integer", (c) => c.notNull().defaultTo(23))
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("period_months", "integer", (c) => c.notNull())
    .addColumn("trial_days", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("signups_open", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  // What a plan opens: one key table per kind, removed with either side.
  for (const [table, column, parent] of [
    ["membership_plan_courses", "course_id", "courses"],
    ["membership_plan_products", "product_id", "products"],
    ["membership_plan_topics", "topic_id", "community_topics"],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn("plan_id", "integer", (c) => references("membership_plans")(c.notNull()))
      .addColumn(column, "integer", (c) => references(parent)(c.notNull()))
      .addPrimaryKeyConstraint(`${table}_pk`, ["plan_id", column])
      .execute();
    await db.schema.createIndex(`${table}_${column}`).on(table).column(column).execute();
  }

  await withId(db.schema.createTable("memberships"), dialect)
    .addColumn("user_id", "integer", (c) => references("users")(c.notNull()))
    // A plan with members is not deleted (closing sign-ups is how a plan ends).
    .addColumn("plan_id", "integer", (c) => references("membership_plans", "restrict")(c.notNull()))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("price_cents", "integer", (c) => c.notNull())
    .addColumn("vat_rate", "integer", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("period_months", "integer", (c) => c.notNull())
    .addColumn("period_number", "integer", (c) => c.notNull().defaultTo(0))
    // The first paid period's start: period n ends n periods after it (a 31st keeps renewing on month ends).
    .addColumn("started_at", "text")
    .addColumn("current_period_start", "text")
    .addColumn("current_period_end", "text")
    .addColumn("trial_ends_at", "text")
    .addColumn("cancel_at_period_end", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("canceled_at", "text")
    .addColumn("ended_at", "text")
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("checkout_hash", "text", (c) => c.notNull().unique())
    .addColumn("provider_token", "text")
    .addColumn("provider_customer_ref", "text")
    .addColumn("provider_subscription_ref", "text")
    .addColumn("card_brand", "text")
    .addColumn("card_last4", "text")
    .addColumn("card_exp_month", "integer")
    .addColumn("card_exp_year", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("memberships_user").on("memberships").columns(["user_id", "id"]).execute();
  await db.schema.createIndex("memberships_plan").on("memberships").column("plan_id").execute();
  // The renewal scan: live memberships by the end of their period.
  await db.schema.createIndex("memberships_due").on("memberships").columns(["status", "current_period_end"]).execute();

  await withId(db.schema.createTable("membership_charges"), dialect)
    .addColumn("membership_id", "integer", (c) => references("memberships")(c.notNull()))
    .addColumn("period_number", "integer", (c) => c.notNull())
    .addColumn("idempotency_key", "text", (c) => c.notNull().unique())
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_retry_at", "text")
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("provider_ref", "text")
    .addColumn("failure_reason", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("paid_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("membership_charges_period", ["membership_id", "period_number"])
    .execute();
  await db.schema
    .createIndex("membership_charges_retry")
    .on("membership_charges")
    .columns(["status", "next_retry_at"])
    .where(sql.ref("next_retry_at"), "is not", null)
    .execute();

  await withId(db.schema.createTable("membership_cancellations"), dialect)
    .addColumn("membership_id", "integer", (c) => references("memberships")(c.notNull()))
    .addColumn("user_id", "integer", (c) => references("users")(c.notNull()))
    .addColumn("reason", "text")
    .addColumn("other_reason", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("answered_at", "text")
    .execute();
  await db.schema
    .createIndex("membership_cancellations_membership")
    .on("membership_cancellations")
    .columns(["membership_id", "id"])
    .execute();
  await db.schema
    .createIndex("membership_cancellations_user")
    .on("membership_cancellations")
    .column("user_id")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "membership_cancellations",
    "membership_charges",
    "memberships",
    "membership_plan_topics",
    "membership_plan_products",
    "membership_plan_courses",
    "membership_plans",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}

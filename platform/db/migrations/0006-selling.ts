// Selling (the selling issue): sellable products and their price variants with a price history, bundles,
// transactions and the payment notifications they received, promo and affiliate codes, access to products that
// are not courses, invitations of a team purchase, invoices, and the payment / invoicing integrations.
import type { Kysely } from "kysely";
import type { Dialect } from "../connection.ts";
import { references, withId } from "../ddl.ts";

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  // A product is what a checkout sells. A course is sold through its own product row (kind 'course', course_id
  // set, slug null: the course's slug is its address); other kinds have their own page under /products/{slug}.
  await withId(db.schema.createTable("products"), dialect)
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("course_id", "integer", (c) => references("courses")(c.unique()))
    .addColumn("slug", "text", (c) => c.unique())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("cover_image", "text")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("draft"))
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("vat_rate", "integer", (c) => c.notNull().defaultTo(23))
    // promotional packages: how many units may sell at the promo price (-1 unlimited) and how many are taken
    .addColumn("promo_limit", "integer", (c) => c.notNull().defaultTo(-1))
    .addColumn("promo_sold", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("access_days", "integer")
    .addColumn("access_ends_at", "text")
    .addColumn("event_starts_at", "text")
    .addColumn("event_link", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("file_key", "text")
    .addColumn("file_name", "text")
    .addColumn("published_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  // Up to three price variants per product (position 1..3).
  await withId(db.schema.createTable("product_variants"), dialect)
    .addColumn("product_id", "integer", (c) => references("products")(c.notNull()))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("price_cents", "integer", (c) => c.notNull())
    .addColumn("promo_price_cents", "integer")
    .addColumn("promo_starts_at", "text")
    .addColumn("promo_ends_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("product_variants_position", ["product_id", "position"])
    .execute();

  await withId(db.schema.createTable("variant_price_changes"), dialect)
    .addColumn("variant_id", "integer", (c) => references("product_variants")(c.notNull()))
    .addColumn("price_cents", "integer", (c) => c.notNull())
    .addColumn("promo_price_cents", "integer")
    .addColumn("promo_starts_at", "text")
    .addColumn("promo_ends_at", "text")
    .addColumn("changed_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("variant_price_changes_variant")
    .on("variant_price_changes")
    .columns(["variant_id", "changed_at"])
    .execute();

  await db.schema
    .createTable("bundle_courses")
    .addColumn("product_id", "integer", (c) => references("products")(c.notNull()))
    .addColumn("course_id", "integer", (c) => references("courses")(c.notNull()))
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("bundle_courses_pk", ["product_id", "course_id"])
    .execute();

  await withId(db.schema.createTable("promo_codes"), dialect)
    .addColumn("code", "text", (c) => c.notNull())
    // upper-case code: unique, so that 'spring' and 'SPRING' are one code
    .addColumn("code_key", "text", (c) => c.notNull().unique())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("amount", "integer", (c) => c.notNull())
    .addColumn("starts_at", "text")
    .addColumn("ends_at", "text")
    .addColumn("usage_limit", "integer", (c) => c.notNull().defaultTo(-1))
    .addColumn("used_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("product_id", "integer", (c) => references("products")(c))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable("affiliate_codes"), dialect)
    .addColumn("code", "text", (c) => c.notNull())
    .addColumn("code_key", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("commission_percent", "integer", (c) => c.notNull())
    .addColumn("cookie_days", "integer", (c) => c.notNull().defaultTo(30))
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable("transactions"), dialect)
    .addColumn("hash", "text", (c) => c.notNull().unique())
    .addColumn("user_id", "integer", (c) => references("users", "restrict")(c.notNull()))
    .addColumn("product_id", "integer", (c) => references("products", "restrict")(c.notNull()))
    .addColumn("variant_id", "integer", (c) => references("product_variants", "set null")(c))
    .addColumn("quantity", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("unit_price_cents", "integer", (c) => c.notNull())
    .addColumn("discount_cents", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("total_cents", "integer", (c) => c.notNull())
    .addColumn("vat_rate", "integer", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("provider_ref", "text")
    .addColumn("promo_package", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("promo_code_id", "integer", (c) => references("promo_codes", "set null")(c))
    .addColumn("affiliate_code_id", "integer", (c) => references("affiliate_codes", "set null")(c))
    .addColumn("buyer_name", "text", (c) => c.notNull())
    .addColumn("buyer_email", "text", (c) => c.notNull())
    .addColumn("invoice", "text")
    .addColumn("consents", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("failure_reason", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("access_note", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("paid_at", "text")
    .addColumn("access_granted_at", "text")
    .addColumn("last_checked_at", "text")
    .addColumn("refunded_at", "text")
    .addColumn("refund_cents", "integer")
    .addColumn("refund_reason", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("transactions_status")
    .on("transactions")
    .columns(["status", "last_checked_at"])
    .execute();
  await db.schema.createIndex("transactions_user").on("transactions").columns(["user_id", "created_at"]).execute();
  await db.schema.createIndex("transactions_created").on("transactions").column("created_at").execute();

  // Every payment notification we received: event_key is unique, so a replay is recognised and ignored.
  await withId(db.schema.createTable("payment_events"), dialect)
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("event_key", "text", (c) => c.notNull().unique())
    .addColumn("transaction_id", "integer", (c) => references("transactions", "set null")(c))
    .addColumn("outcome", "text", (c) => c.notNull())
    .addColumn("detail", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("received_at", "text", (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable("affiliate_commissions"), dialect)
    .addColumn("affiliate_code_id", "integer", (c) => references("affiliate_codes")(c.notNull()))
    .addColumn("transaction_id", "integer", (c) => references("transactions")(c.notNull().unique()))
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  // Access to products other than courses (files, consultations, live events, bundles); courses use course_access.
  await withId(db.schema.createTable("product_access"), dialect)
    .addColumn("user_id", "integer", (c) => references("users")(c.notNull()))
    .addColumn("product_id", "integer", (c) => references("products")(c.notNull()))
    .addColumn("transaction_id", "integer", (c) => references("transactions", "set null")(c))
    .addColumn("starts_at", "text", (c) => c.notNull())
    .addColumn("ends_at", "text")
    .addColumn("revoked_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("product_access_user_product", ["user_id", "product_id"])
    .execute();

  await withId(db.schema.createTable("invitations"), dialect)
    .addColumn("parent_transaction_id", "integer", (c) => references("transactions")(c.notNull()))
    .addColumn("course_id", "integer", (c) => references("courses")(c.notNull()))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("sent"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("user_id", "integer", (c) => references("users", "set null")(c))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("accepted_at", "text")
    .addUniqueConstraint("invitations_one_per_email", ["parent_transaction_id", "email"])
    .execute();

  await withId(db.schema.createTable("invoices"), dialect)
    .addColumn("transaction_id", "integer", (c) => references("transactions")(c.notNull().unique()))
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

  // Payment and invoicing integrations; settings are encrypted (AES-256-GCM with the server secret).
  await withId(db.schema.createTable("integrations"), dialect)
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("provider", "text", (c) => c.notNull().unique())
    .addColumn("enabled", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("settings", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "integrations",
    "invoices",
    "invitations",
    "product_access",
    "affiliate_commissions",
    "payment_events",
    "transactions",
    "affiliate_codes",
    "promo_codes",
    "bundle_courses",
    "variant_price_changes",
    "product_variants",
    "products",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}

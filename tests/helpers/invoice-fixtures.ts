// Arranging what the invoice tests need straight in the database, as the checkout would leave it: a course sold
// through its product row, and a paid transaction of a buyer with (or without) invoice details. Also the
// invoicing integration, stored as the admin page stores it (encrypted with the server secret).
import { actors } from "#core/shared/test-actors.ts";
import { randomBytes } from "node:crypto";
import { createIntegration } from "#core/integrations/save-integration.ts";
import type { Db } from "#platform/db/connection.ts";
import type { TransactionStatus } from "#platform/db/schema.ts";

export const companyInvoice = {
  company_name: "ACME sp. z o.o.",
  vat_number: "5260250274",
  street: "Długa 1",
  postal_code: "00-950",
  city: "Warszawa",
  country: "PL",
};

/** The secret test servers run with (tests/helpers/test-server.ts): settings written here decrypt there. */
export const testServerSecret = Buffer.from("test-secret-test-secret-test-secret-0123456789", "utf8");

export async function addUser(db: Db, email: string, name = "Anna Nowak"): Promise<number> {
  const now = new Date().toISOString();
  const existing = await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst();
  if (existing) return existing.id;
  const { id } = await db
    .insertInto("users")
    .values({
      email,
      name,
      password_hash: "x",
      role: "student",
      email_notifications: "{}",
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

export async function addCourseProduct(db: Db, title: string, currency = "PLN"): Promise<number> {
  const now = new Date().toISOString();
  const slug = `c-${randomBytes(4).toString("hex")}`;
  const course = await db
    .insertInto("courses")
    .values({
      slug,
      title,
      description: "",
      status: "published",
      price_cents: 10_000,
      currency,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const product = await db
    .insertInto("products")
    .values({
      kind: "course",
      course_id: course.id,
      title,
      currency,
      vat_rate: 23,
      status: "published",
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return product.id;
}

export type SaleSpec = {
  userId: number;
  productId: number;
  invoice?: Record<string, string> | null;
  status?: TransactionStatus;
  quantity?: number;
  totalCents?: number;
  currency?: string;
  buyerName?: string;
  buyerEmail?: string;
  paidAt?: string;
};

export async function addSale(db: Db, spec: SaleSpec): Promise<{ id: number; hash: string }> {
  const now = new Date().toISOString();
  const quantity = spec.quantity ?? 1;
  const total = spec.totalCents ?? 12_300;
  const hash = randomBytes(16).toString("hex");
  const row = await db
    .insertInto("transactions")
    .values({
      hash,
      user_id: spec.userId,
      product_id: spec.productId,
      quantity,
      unit_price_cents: Math.ceil(total / quantity),
      discount_cents: Math.ceil(total / quantity) * quantity - total,
      total_cents: total,
      vat_rate: 23,
      currency: spec.currency ?? "PLN",
      status: spec.status ?? "ACCESS_GRANTED",
      provider: "test",
      buyer_name: spec.buyerName ?? "Anna Nowak",
      buyer_email: spec.buyerEmail ?? "anna@example.com",
      invoice:
        spec.invoice === undefined ? JSON.stringify(companyInvoice) : spec.invoice && JSON.stringify(spec.invoice),
      paid_at: spec.paidAt ?? now,
      created_at: now,
      updated_at: now,
    })
    .returning(["id", "hash"])
    .executeTakeFirstOrThrow();
  return row;
}

export async function addInvoicing(
  db: Db,
  secret: Buffer,
  provider: "ifirma" | "fakturownia",
  settings: Record<string, string>,
  enabled = true,
): Promise<void> {
  await createIntegration(db, actors.admin, secret, { provider, enabled, settings });
}

// Arranging products for the products-* integration tests: products and their variants written straight into the
// server's database (as the editor would, price history included), product access as a purchase would grant it, a
// transaction naming a product, and the file upload the editor does (ticket, signed PUT, confirm).
import { expect } from "vitest";
import { createUser } from "#core/accounts/create-user.ts";
import { bumpCacheVersion } from "#platform/cache/versions.ts";
import { logInAs } from "../helpers/accounts.ts";
import type { BrowserClient } from "../helpers/browser-client.ts";
import type { TestServer } from "../helpers/test-server.ts";
import { putSigned } from "./media-helpers.ts";

export type VariantSpec = {
  name?: string;
  price_cents: number;
  promo_price_cents?: number | null;
  promo_starts_at?: string | null;
  promo_ends_at?: string | null;
};

export type ProductSpec = {
  kind: "bundle" | "consultation" | "live_event" | "file";
  slug: string;
  title: string;
  description?: string;
  status?: "draft" | "published" | "unpublished";
  currency?: string;
  promo_limit?: number;
  promo_sold?: number;
  access_days?: number | null;
  event_starts_at?: string | null;
  event_link?: string;
  file_key?: string | null;
  file_name?: string | null;
  course_ids?: number[];
  variants?: VariantSpec[];
};

export async function addProduct(server: TestServer, spec: ProductSpec): Promise<{ id: number; variantIds: number[] }> {
  const db = server.handle.db;
  const now = new Date().toISOString();
  const status = spec.status ?? "published";
  const { id } = await db
    .insertInto("products")
    .values({
      kind: spec.kind,
      course_id: null,
      slug: spec.slug,
      title: spec.title,
      description: spec.description ?? `About ${spec.title}`,
      status,
      currency: spec.currency ?? "EUR",
      promo_limit: spec.promo_limit ?? -1,
      promo_sold: spec.promo_sold ?? 0,
      access_days: spec.access_days ?? null,
      event_starts_at: spec.event_starts_at ?? null,
      event_link: spec.event_link ?? "",
      file_key: spec.file_key ?? null,
      file_name: spec.file_name ?? null,
      published_at: status === "published" ? now : null,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const [position, courseId] of (spec.course_ids ?? []).entries()) {
    await db.insertInto("bundle_courses").values({ product_id: id, course_id: courseId, position }).execute();
  }
  const variantIds: number[] = [];
  for (const [index, variant] of (spec.variants ?? [{ price_cents: 4_900 }]).entries()) {
    const prices = {
      price_cents: variant.price_cents,
      promo_price_cents: variant.promo_price_cents ?? null,
      promo_starts_at: variant.promo_starts_at ?? null,
      promo_ends_at: variant.promo_ends_at ?? null,
    };
    const row = await db
      .insertInto("product_variants")
      .values({
        product_id: id,
        position: index + 1,
        name: variant.name ?? "",
        ...prices,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    variantIds.push(row.id);
  }
  await bumpCacheVersion(db, "catalog");
  return { id, variantIds };
}

export async function userId(server: TestServer, email: string): Promise<number> {
  const user = await server.handle.db
    .selectFrom("users")
    .select("id")
    .where("email", "=", email)
    .executeTakeFirstOrThrow();
  return user.id;
}

/** Access to a product as a purchase grants it (product_access). */
export async function grantProduct(
  server: TestServer,
  email: string,
  productId: number,
  options: { ends_at?: string | null; revoked_at?: string | null; starts_at?: string } = {},
): Promise<void> {
  const now = new Date().toISOString();
  await server.handle.db
    .insertInto("product_access")
    .values({
      user_id: await userId(server, email),
      product_id: productId,
      transaction_id: null,
      starts_at: options.starts_at ?? now,
      ends_at: options.ends_at ?? null,
      revoked_at: options.revoked_at ?? null,
      created_at: now,
    })
    .execute();
}

let counter = 0;

/** A transaction of the product (a paid one unless told otherwise). */
export async function addTransaction(
  server: TestServer,
  productId: number,
  options: { email: string; status?: "ACCESS_GRANTED" | "PENDING" | "FAILURE"; quantity?: number },
): Promise<void> {
  counter += 1;
  const now = new Date().toISOString();
  await server.handle.db
    .insertInto("transactions")
    .values({
      hash: `test-transaction-${counter}-${Date.now().toString(36)}-padding`,
      user_id: await userId(server, options.email),
      product_id: productId,
      variant_id: null,
      quantity: options.quantity ?? 1,
      unit_price_cents: 4_900,
      total_cents: 4_900 * (options.quantity ?? 1),
      vat_rate: 23,
      currency: "EUR",
      status: options.status ?? "ACCESS_GRANTED",
      provider: "test",
      buyer_name: "Bea Buyer",
      buyer_email: options.email,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/** A logged-in student with a fresh e-mail. */
export async function newStudent(
  server: TestServer,
  name = "Stefan Student",
): Promise<{ client: BrowserClient; email: string }> {
  counter += 1;
  const email = `student-${counter}-${Date.now().toString(36)}@example.com`;
  await createUser(server.handle.db, { name, email, password: "student-secret", role: "student" });
  return { client: await logInAs(server, email, "student-secret"), email };
}

/** The editor's upload of a file product's file: ticket, signed PUT, confirm. Returns the stored key. */
export async function uploadProductFile(
  server: TestServer,
  admin: BrowserClient,
  filename: string,
  bytes: Buffer,
): Promise<string> {
  const ticket = await admin.post("/home/products/files/create", { filename });
  expect(ticket.status, JSON.stringify(ticket.body)).toBe(200);
  const put = await putSigned(server, ticket.body.upload, bytes, ticket.body.content_type);
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  const confirmed = await admin.post(ticket.body.confirm, { path: ticket.body.download });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  expect(confirmed.body.file).toEqual({ key: ticket.body.download, size: bytes.length });
  return ticket.body.download as string;
}

// Arranging and reading selling data in integration tests: promo codes, checkouts through the test provider.
import { ensureCourseProduct } from "#core/selling/course-product.ts";
import { hashPassword } from "#core/accounts/passwords.ts";
import { createSession } from "#core/accounts/sessions.ts";
import { BrowserClient } from "../helpers/browser-client.ts";
import type { TestServer } from "../helpers/test-server.ts";

export async function addPromoCode(
  server: TestServer,
  spec: {
    code: string;
    kind?: "percent" | "fixed";
    amount: number;
    starts_at?: string | null;
    ends_at?: string | null;
    usage_limit?: number;
    product_id?: number | null;
  },
): Promise<number> {
  const now = new Date().toISOString();
  const row = await server.handle.db
    .insertInto("promo_codes")
    .values({
      code: spec.code,
      code_key: spec.code.toUpperCase(),
      kind: spec.kind ?? "percent",
      amount: spec.amount,
      starts_at: spec.starts_at ?? null,
      ends_at: spec.ends_at ?? null,
      usage_limit: spec.usage_limit ?? -1,
      product_id: spec.product_id ?? null,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export const buyer = { name: "Bea Buyer", terms: true };

/** Checks out a course as the client's logged-in user with the test provider; returns the transaction hash. */
export async function checkoutCourse(client: BrowserClient, slug: string, body: Record<string, unknown> = {}) {
  const response = await client.post(`/${slug}/onepagecheckout`, { ...buyer, provider: "test", ...body });
  return response;
}

export async function transactionByHash(server: TestServer, hash: string) {
  return server.handle.db.selectFrom("transactions").selectAll().where("hash", "=", hash).executeTakeFirstOrThrow();
}

export async function countMailsTo(server: TestServer, to: string): Promise<number> {
  const rows = await server.handle.db.selectFrom("jobs").select("payload").where("type", "=", "mail.send").execute();
  return rows.filter((row) => (JSON.parse(row.payload) as { to: string }).to === to).length;
}

/** The product that sells a course (made on first need, as the checkout page does). */
export async function courseProductId(server: TestServer, courseId: number): Promise<number> {
  return (await ensureCourseProduct(server.handle.db, courseId))!;
}

/**
 * Many logged-in students at once, made directly in the database (a registration each would spend seconds on
 * password hashing): each client holds its session cookie and the CSRF token of a page it loaded.
 */
export async function manyStudents(server: TestServer, count: number, prefix: string): Promise<BrowserClient[]> {
  const db = server.handle.db;
  const now = new Date().toISOString();
  const passwordHash = await hashPassword("student-secret");
  const clients: BrowserClient[] = [];
  for (let i = 0; i < count; i++) {
    const user = await db
      .insertInto("users")
      .values({
        email: `${prefix}${i}@example.com`,
        name: `${prefix} ${i}`,
        password_hash: passwordHash,
        role: "student",
        email_notifications: "{}",
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const { token } = await createSession(db, { userId: user.id, days: 1, ip: "127.0.0.1", userAgent: "test" });
    const client = new BrowserClient(server.url);
    client.cookies.set("studium_session", token);
    clients.push(client);
  }
  for (const client of clients) await client.page("/my");
  return clients;
}

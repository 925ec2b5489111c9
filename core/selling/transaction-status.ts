// POST /transaction/{hash}/pending (spec §3 Transaction, §4): what the payment status page polls. The hash is
// the capability: long and random, it is only ever shown to the buyer (status page, provider return address).
// Answer {status, transaction: {quantity, id, child_invitations}, checkoutLink} plus what the page needs for its
// call to action (product kind, free or paid). child_invitations is the number of invitations sent so far.
import type { Db } from "#platform/db/connection.ts";
import type { ProductKind, TransactionStatus } from "#platform/db/schema.ts";
import { prepared } from "#platform/db/prepared.ts";
import { defineCache } from "#platform/cache/cache.ts";
import { productPath } from "./offers.ts";

export type TransactionView = {
  status: TransactionStatus;
  transaction: {
    quantity: number;
    id: number;
    child_invitations: number;
    hash: string;
    product_kind: ProductKind;
    product_title: string;
    course_id: number | null;
    free: boolean;
    total_cents: number;
    currency: string;
  };
  checkoutLink: string;
  /** where 'Start' / 'Go to download' / 'Go to your product list' / 'Manage access' lead */
  nextLink: string;
};

export function nextLinkFor(
  kind: ProductKind,
  quantity: number,
  courseSlug: string | null,
  courseId: number | null,
  productSlug: string | null,
): string {
  if (kind === "course" && quantity > 1) return `/home/access-manager/${courseId}`;
  if (kind === "course") return `/${courseSlug}/watch`;
  if (kind === "file") return `/my/products/${productSlug}`;
  return "/my";
}

// The status page is polled every 5 s by every buyer (launch day). The transaction's own query is built and
// compiled once per database, then only the hash is bound (as the session lookup does). What the page shows of
// the product (kind, title, where it lives) comes from a small cache emptied by any write to products or
// courses: on a launch every buyer polls for the same product, and the join cost more than the rest of the
// query (bench/, 21.11.2026).
const transactionByHash = prepared((db, p: { hash: string }) =>
  db
    .selectFrom("transactions as t")
    .select([
      "t.id",
      "t.status",
      "t.quantity",
      "t.total_cents",
      "t.currency",
      "t.product_id",
      (eb) =>
        eb
          .selectFrom("invitations")
          .select((e) => e.fn.countAll<number>().as("n"))
          .whereRef("invitations.parent_transaction_id", "=", "t.id")
          .as("invitations"),
    ])
    .where("t.hash", "=", p.hash),
);

type ProductFacts = {
  kind: ProductKind;
  slug: string | null;
  title: string;
  course_id: number | null;
  course_slug: string | null;
  course_title: string | null;
};

const productFacts = defineCache<number, ProductFacts | undefined>({
  name: "transaction-products",
  tables: ["products", "courses"],
  maxAgeMs: 5_000,
  maxEntries: 1_000,
  load: (db, productId) =>
    db
      .selectFrom("products as p")
      .leftJoin("courses as c", "c.id", "p.course_id")
      .select(["p.kind", "p.slug", "p.title", "p.course_id", "c.slug as course_slug", "c.title as course_title"])
      .where("p.id", "=", productId)
      .executeTakeFirst(),
});

export async function getTransactionView(db: Db, hash: string): Promise<TransactionView | null> {
  if (hash.length < 16 || hash.length > 64) return null;
  const [transaction] = await transactionByHash(db, { hash });
  if (!transaction) return null;
  const product = await productFacts.get(db, transaction.product_id);
  if (!product) return null;
  const row = { ...transaction, ...product };
  const path = productPath({ kind: row.kind, slug: row.slug }, row.course_slug);
  return {
    status: row.status,
    transaction: {
      quantity: row.quantity,
      id: row.id,
      child_invitations: Number(row.invitations ?? 0),
      hash,
      product_kind: row.kind,
      // A course product's own title follows the course only when a page next refreshes it.
      product_title: row.course_title ?? row.title,
      course_id: row.course_id,
      free: row.total_cents === 0,
      total_cents: row.total_cents,
      currency: row.currency,
    },
    checkoutLink: `${path}/checkout`,
    nextLink: nextLinkFor(row.kind, row.quantity, row.course_slug, row.course_id, row.slug),
  };
}

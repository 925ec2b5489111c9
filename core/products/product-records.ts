// What the product editor's calls answer with (a product as the admin edits it: fields, variants, bundle courses,
// file, sales figures) and the look-ups they share. Success statuses (§4: PERFORMED, CLEARED, ACCESS_GRANTED)
// count as sold.
import type { Db } from "#platform/db/connection.ts";
import type { Product, ProductKind, ProductStatus, ProductVariant, TransactionStatus } from "#platform/db/schema.ts";
import { AppError } from "../errors.ts";

export const SOLD_STATUSES: readonly TransactionStatus[] = ["PERFORMED", "CLEARED", "ACCESS_GRANTED"];

export type EditedVariant = {
  id: number;
  position: number;
  name: string;
  price_cents: number;
  promo_price_cents: number | null;
  promo_starts_at: string | null;
  promo_ends_at: string | null;
};

export type AdminProduct = {
  id: number;
  kind: ProductKind;
  title: string;
  /** null for course products (their address is the course's) */
  slug: string | null;
  description: string;
  cover_image: string | null;
  status: ProductStatus;
  currency: string;
  vat_rate: number;
  promo_limit: number;
  promo_sold: number;
  access_days: number | null;
  access_ends_at: string | null;
  event_starts_at: string | null;
  event_link: string;
  file: { key: string; name: string; size: number } | null;
  course_ids: number[];
  /** course products: the course they sell */
  course: { id: number; title: string; slug: string } | null;
  variants: EditedVariant[];
  /** units sold (successful transactions' quantities) */
  sold: number;
  /** whether any transaction names the product (then it cannot be deleted) */
  has_transactions: boolean;
  published_at: string | null;
  created_at: string;
  updated_at: string;
};

export function editedVariant(row: ProductVariant): EditedVariant {
  return {
    id: row.id,
    position: row.position,
    name: row.name,
    price_cents: row.price_cents,
    promo_price_cents: row.promo_price_cents,
    promo_starts_at: row.promo_starts_at,
    promo_ends_at: row.promo_ends_at,
  };
}

export async function requireProduct(db: Db, productId: number): Promise<Product> {
  const product = await db.selectFrom("products").selectAll().where("id", "=", productId).executeTakeFirst();
  if (!product) throw new AppError("not_found");
  return product;
}

/** The stored size of an uploaded file (0 when unknown). */
export async function storedFileSize(db: Db, key: string): Promise<number> {
  const row = await db.selectFrom("uploads").select("size").where("storage_key", "=", key).executeTakeFirst();
  return Number(row?.size ?? 0);
}

export async function soldCount(db: Db, productId: number): Promise<number> {
  const row = await db
    .selectFrom("transactions")
    .select((eb) => eb.fn.sum<number>("quantity").as("sold"))
    .where("product_id", "=", productId)
    .where("status", "in", SOLD_STATUSES)
    .executeTakeFirst();
  return Number(row?.sold ?? 0);
}

export async function getProductForEditing(db: Db, productId: number): Promise<AdminProduct> {
  const product = await requireProduct(db, productId);
  const [variants, bundle, course, sold, anyTransaction] = await Promise.all([
    db.selectFrom("product_variants").selectAll().where("product_id", "=", productId).orderBy("position").execute(),
    db
      .selectFrom("bundle_courses")
      .select("course_id")
      .where("product_id", "=", productId)
      .orderBy("position")
      .execute(),
    product.course_id === null
      ? Promise.resolve(undefined)
      : db.selectFrom("courses").select(["id", "title", "slug"]).where("id", "=", product.course_id).executeTakeFirst(),
    soldCount(db, productId),
    db.selectFrom("transactions").select("id").where("product_id", "=", productId).limit(1).executeTakeFirst(),
  ]);
  const file =
    product.file_key && product.file_name
      ? { key: product.file_key, name: product.file_name, size: await storedFileSize(db, product.file_key) }
      : null;
  return {
    id: product.id,
    kind: product.kind,
    title: product.title,
    slug: product.slug,
    description: product.description,
    cover_image: product.cover_image,
    status: product.status,
    currency: product.currency,
    vat_rate: product.vat_rate,
    promo_limit: product.promo_limit,
    promo_sold: product.promo_sold,
    access_days: product.access_days,
    access_ends_at: product.access_ends_at,
    event_starts_at: product.event_starts_at,
    event_link: product.event_link,
    file,
    course_ids: bundle.map((row) => row.course_id),
    course: course ?? null,
    variants: variants.map(editedVariant),
    sold,
    has_transactions: Boolean(anyTransaction),
    published_at: product.published_at,
    created_at: product.created_at,
    updated_at: product.updated_at,
  };
}

// The student's products (/my/products, the selling issue item 1): what they may use now from product_access
// (not revoked, not expired), newest first: consultations, live events with their date and link (the link is for
// buyers only), files to download, bundles with their courses. findMyProduct is one of them by slug
// (/my/products/{slug} and the download); admins may open any product's.
import type { Db } from "#platform/db/connection.ts";
import type { ProductKind } from "#platform/db/schema.ts";
import { type Actor, authorizeUser } from "../shared/actor.ts";
import { canSeeEveryProduct, canUseOwnProducts } from "./policies.ts";
import { activeAccess } from "./product-access.ts";
import { productsOpenedByMemberships } from "#core/memberships/membership-access.ts";
import { storedFileSize } from "./product-records.ts";

export type MyProduct = {
  id: number;
  kind: ProductKind;
  slug: string;
  title: string;
  description: string;
  cover_image: string | null;
  /** when the access ends; null: no end */
  access_ends_at: string | null;
  event_starts_at: string | null;
  event_link: string;
  file: { name: string; size: number } | null;
  courses: { id: number; title: string; slug: string }[];
};

const productColumns = [
  "p.id",
  "p.kind",
  "p.slug",
  "p.title",
  "p.description",
  "p.cover_image",
  "p.event_starts_at",
  "p.event_link",
  "p.file_key",
  "p.file_name",
] as const;

type Row = {
  id: number;
  kind: ProductKind;
  slug: string | null;
  title: string;
  description: string;
  cover_image: string | null;
  event_starts_at: string | null;
  event_link: string;
  file_key: string | null;
  file_name: string | null;
  ends_at: string | null;
};

async function withDetails(db: Db, rows: Row[]): Promise<MyProduct[]> {
  const bundleIds = rows.filter((row) => row.kind === "bundle").map((row) => row.id);
  const courses = bundleIds.length
    ? await db
        .selectFrom("bundle_courses as b")
        .innerJoin("courses as c", "c.id", "b.course_id")
        .select(["b.product_id", "c.id", "c.title", "c.slug"])
        .where("b.product_id", "in", bundleIds)
        .orderBy("b.position")
        .execute()
    : [];
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      kind: row.kind,
      slug: row.slug ?? "",
      title: row.title,
      description: row.description,
      cover_image: row.cover_image,
      access_ends_at: row.ends_at,
      event_starts_at: row.kind === "live_event" ? row.event_starts_at : null,
      event_link: row.kind === "live_event" ? row.event_link : "",
      file:
        row.kind === "file" && row.file_key && row.file_name
          ? { name: row.file_name, size: await storedFileSize(db, row.file_key) }
          : null,
      courses: courses.filter((c) => c.product_id === row.id).map(({ id, title, slug }) => ({ id, title, slug })),
    })),
  );
}

export async function listMyProducts(db: Db, actor: Actor, now = new Date().toISOString()): Promise<MyProduct[]> {
  const { userId } = authorizeUser(actor, canUseOwnProducts(actor));
  const rows = await activeAccess(db, userId, now)
    .innerJoin("products as p", "p.id", "a.product_id")
    .select([...productColumns, "a.ends_at"])
    .where("p.kind", "!=", "course")
    .orderBy("a.starts_at", "desc")
    .orderBy("a.id", "desc")
    .execute();
  return withDetails(db, [
    ...rows,
    ...(await membershipRows(
      db,
      userId,
      now,
      rows.map((row) => row.id),
    )),
  ]);
}

/** The products the user's memberships open that no purchase of theirs already lists. */
async function membershipRows(db: Db, userId: number, now: string, listed: number[]) {
  const opened = (await productsOpenedByMemberships(db, userId, now)).filter((p) => !listed.includes(p.product_id));
  if (opened.length === 0) return [];
  const rows = await db
    .selectFrom("products as p")
    .select(productColumns)
    .where(
      "p.id",
      "in",
      opened.map((p) => p.product_id),
    )
    .where("p.kind", "!=", "course")
    .orderBy("p.title")
    .execute();
  return rows.map((row) => ({ ...row, ends_at: opened.find((p) => p.product_id === row.id)!.ends_at }));
}

/** One of the viewer's products by its slug (any product for an admin); null when they do not have it. */
export async function findMyProduct(
  db: Db,
  actor: Actor,
  slug: string,
  now = new Date().toISOString(),
): Promise<MyProduct | null> {
  const viewer = authorizeUser(actor, canUseOwnProducts(actor));
  if (canSeeEveryProduct(viewer)) {
    const row = await db
      .selectFrom("products as p")
      .select(productColumns)
      .where("p.slug", "=", slug)
      .where("p.kind", "!=", "course")
      .executeTakeFirst();
    return row ? (await withDetails(db, [{ ...row, ends_at: null }]))[0]! : null;
  }
  const row = await activeAccess(db, viewer.userId, now)
    .innerJoin("products as p", "p.id", "a.product_id")
    .select([...productColumns, "a.ends_at"])
    .where("p.slug", "=", slug)
    .where("p.kind", "!=", "course")
    .executeTakeFirst();
  if (row) return (await withDetails(db, [row]))[0]!;
  const [opened] = await membershipRows(db, viewer.userId, now, []).then((rows) =>
    rows.filter((candidate) => candidate.slug === slug),
  );
  return opened ? (await withDetails(db, [opened]))[0]! : null;
}

/** The stored file of a file product the viewer has (GET /my/products/{slug}/download); null otherwise. */
export async function findMyProductFile(
  db: Db,
  actor: Actor,
  slug: string,
): Promise<{ key: string; name: string } | null> {
  const product = await findMyProduct(db, actor, slug);
  if (!product || product.kind !== "file") return null;
  const row = await db
    .selectFrom("products")
    .select(["file_key", "file_name"])
    .where("id", "=", product.id)
    .executeTakeFirstOrThrow();
  return row.file_key && row.file_name ? { key: row.file_key, name: row.file_name } : null;
}

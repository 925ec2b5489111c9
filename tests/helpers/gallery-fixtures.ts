// Arranging the community gallery's tests directly in the database (the feed and the admin's topics are built by
// other pieces): topics, a product key to a restricted one, posts with an image, and the image's bytes stored
// through the storage where the server reads them (DATA_DIR/files), so that its /files/ address answers 200.
import { randomBytes } from "node:crypto";
import path from "node:path";
import { createDiskStorage } from "#integrations/storage/disk.ts";
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { solidPng } from "./discussion-fixtures.ts";

let counter = 0;

export async function arrangeTopic(
  db: Db,
  options: { title?: string; visibility?: "public" | "restricted" } = {},
): Promise<{ id: number; title: string }> {
  counter += 1;
  const now = nowIso();
  const title = options.title ?? `Topic ${counter}`;
  const row = await db
    .insertInto("community_topics")
    .values({
      title,
      description: `About ${title}`,
      visibility: options.visibility ?? "public",
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, title };
}

/** A product opening the topic, owned by the given users (product_access from now on). */
export async function arrangeTopicKey(db: Db, topicId: number, ownerIds: number[]): Promise<number> {
  counter += 1;
  const now = nowIso();
  const product = await db
    .insertInto("products")
    .values({
      kind: "file",
      course_id: null,
      slug: `gallery-key-${process.pid}-${counter}`,
      title: `Key ${counter}`,
      cover_image: null,
      currency: "EUR",
      access_days: null,
      access_ends_at: null,
      event_starts_at: null,
      file_key: null,
      file_name: null,
      published_at: now,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db.insertInto("community_topic_products").values({ topic_id: topicId, product_id: product.id }).execute();
  for (const userId of ownerIds) {
    await db
      .insertInto("product_access")
      .values({
        user_id: userId,
        product_id: product.id,
        transaction_id: null,
        starts_at: now,
        ends_at: null,
        revoked_at: null,
        created_at: now,
      })
      .execute();
  }
  return product.id;
}

/** Stores a small real PNG under images/posts/<random>.png in DATA_DIR/files; its storage key. */
export async function storePostImage(dataDir: string, size = { width: 8, height: 6 }): Promise<string> {
  const storage = createDiskStorage({ root: path.join(dataDir, "files"), secret: randomBytes(32) });
  const key = `images/posts/${randomBytes(16).toString("hex")}.png`;
  await storage.put(key, solidPng(size.width, size.height), { contentType: "image/png" });
  return key;
}

/** The upload row the image upload box leaves for an image that arrived (pages' blocks accept only those). */
export async function recordStoredUpload(db: Db, key: string): Promise<string> {
  await db
    .insertInto("uploads")
    .values({
      storage_key: key,
      context: "library",
      user_id: null,
      content_type: "image/png",
      size: 100,
      status: "stored",
      created_at: nowIso(),
    })
    .execute();
  return key;
}

/** A post in the topic; with `image` (a storage key) it is in the gallery. */
export async function arrangePost(
  db: Db,
  options: {
    topicId: number;
    userId: number;
    title?: string;
    image?: string | null;
    size?: { width: number; height: number };
    hidden?: boolean;
    byAdmin?: boolean;
  },
): Promise<{ id: number; title: string }> {
  counter += 1;
  const now = nowIso();
  const title = options.title ?? `Post number ${counter}`;
  const image = options.image ?? null;
  const row = await db
    .insertInto("community_posts")
    .values({
      topic_id: options.topicId,
      user_id: options.userId,
      by_admin: options.byAdmin ? 1 : 0,
      title,
      body: "A body long enough",
      image,
      image_width: image ? (options.size?.width ?? 8) : null,
      image_height: image ? (options.size?.height ?? 6) : null,
      video_url: null,
      video_id: null,
      pinned_at: null,
      hidden_at: options.hidden ? now : null,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, title };
}

/** A user row without a session (unit tests): its id. */
export async function arrangeUser(db: Db, role: "student" | "admin" = "student"): Promise<number> {
  counter += 1;
  const now = nowIso();
  const row = await db
    .insertInto("users")
    .values({
      email: `gallery-${process.pid}-${counter}@example.com`,
      name: `Gallery user ${counter}`,
      password_hash: "x",
      role,
      email_notifications: "{}",
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

// What the admin's topic screens read and write beside the topic row itself: the topic with its product keys,
// and the keys replaced as a whole when the form is saved. Used by the topic use-cases of this folder only.
import { fieldError, AppError } from "#core/errors.ts";
import type { Db } from "#platform/db/connection.ts";
import type { TopicVisibility } from "./topic-schemas.ts";

export type AdminTopic = {
  id: number;
  title: string;
  description: string;
  allow_students_to_add_posts: number;
  visibility: TopicVisibility;
  position: number;
  /** the products whose owners may read the topic (kept when the topic turns public: they open it again later) */
  product_ids: number[];
  /** posts in the topic, hidden ones too (deleting the topic deletes them) */
  post_count: number;
  created_at: string;
  updated_at: string;
};

export async function findAdminTopic(db: Db, id: number): Promise<AdminTopic | null> {
  const topic = await db.selectFrom("community_topics").selectAll().where("id", "=", id).executeTakeFirst();
  if (!topic) return null;
  const keys = await db
    .selectFrom("community_topic_products")
    .select("product_id")
    .where("topic_id", "=", id)
    .orderBy("product_id")
    .execute();
  const posts = await db
    .selectFrom("community_posts")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("topic_id", "=", id)
    .executeTakeFirst();
  return { ...topic, product_ids: keys.map((key) => key.product_id), post_count: Number(posts?.n ?? 0) };
}

export async function requireAdminTopic(db: Db, id: number): Promise<AdminTopic> {
  const topic = await findAdminTopic(db, id);
  if (!topic) throw new AppError("not_found");
  return topic;
}

/** Every chosen product must exist: an id that does not is the form's mistake (a product deleted meanwhile). */
export async function checkProductsExist(db: Db, productIds: readonly number[]): Promise<void> {
  if (productIds.length === 0) return;
  const found = await db
    .selectFrom("products")
    .select("id")
    .where("id", "in", [...productIds])
    .execute();
  if (found.length !== new Set(productIds).size) throw fieldError("product_ids", "community_admin:product_unknown");
}

/** The topic's keys become exactly these products. */
export async function replaceTopicKeys(db: Db, topicId: number, productIds: readonly number[]): Promise<void> {
  await db.deleteFrom("community_topic_products").where("topic_id", "=", topicId).execute();
  if (productIds.length === 0) return;
  await db
    .insertInto("community_topic_products")
    .values(productIds.map((productId) => ({ topic_id: topicId, product_id: productId })))
    .execute();
}

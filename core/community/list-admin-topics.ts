// GET /home/community/topics (and the /home/community page): every topic in the admin's order, with how many
// posts it holds (hidden ones included: the admin moderates them) and how many products open it.
import type { Db } from "#platform/db/connection.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { canManageTopics } from "./policies.ts";
import type { TopicVisibility } from "./topic-schemas.ts";

export type AdminTopicRow = {
  id: number;
  title: string;
  visibility: TopicVisibility;
  allow_students_to_add_posts: number;
  position: number;
  post_count: number;
  product_count: number;
};

export async function listAdminTopics(db: Db, actor: Actor): Promise<AdminTopicRow[]> {
  authorize(actor, canManageTopics(actor));
  const rows = await db
    .selectFrom("community_topics as t")
    .select((eb) => [
      "t.id",
      "t.title",
      "t.visibility",
      "t.allow_students_to_add_posts",
      "t.position",
      eb
        .selectFrom("community_posts as p")
        .select((c) => c.fn.countAll<number | string>().as("n"))
        .whereRef("p.topic_id", "=", "t.id")
        .as("post_count"),
      eb
        .selectFrom("community_topic_products as k")
        .select((c) => c.fn.countAll<number | string>().as("n"))
        .whereRef("k.topic_id", "=", "t.id")
        .as("product_count"),
    ])
    .orderBy("t.position")
    .orderBy("t.id")
    .execute();
  return rows.map((row) => ({
    ...row,
    post_count: Number(row.post_count ?? 0),
    product_count: Number(row.product_count ?? 0),
  }));
}

// Community topics and posts arranged directly in the database (the community's pages and calls are built
// elsewhere), for tests of what hangs on a post.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";

export async function arrangePost(
  db: Db,
  options: { userId: number; visibility?: "public" | "restricted" },
): Promise<{ topicId: number; postId: number }> {
  const now = nowIso();
  const topic = await db
    .insertInto("community_topics")
    .values({ title: "Show and tell", visibility: options.visibility ?? "public", created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  const post = await db
    .insertInto("community_posts")
    .values({
      topic_id: topic.id,
      user_id: options.userId,
      title: "My first project",
      body: "Here it is",
      image: null,
      image_width: null,
      image_height: null,
      video_url: null,
      video_id: null,
      pinned_at: null,
      hidden_at: null,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { topicId: topic.id, postId: post.id };
}

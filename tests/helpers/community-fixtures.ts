// Arranging the community's tests directly in the database: topics, the products that open restricted ones, and
// posts written straight into the table (a whole topic with one post for the tests of what hangs on a post).
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";

let counter = 0;

export async function arrangeTopic(
  db: Db,
  options: {
    title?: string;
    description?: string;
    visibility?: "public" | "restricted";
    allowStudents?: boolean;
    productIds?: number[];
    position?: number;
  } = {},
): Promise<number> {
  counter += 1;
  const now = nowIso();
  const { id } = await db
    .insertInto("community_topics")
    .values({
      title: options.title ?? `Topic ${counter}`,
      description: options.description ?? `What topic ${counter} is about`,
      visibility: options.visibility ?? "public",
      allow_students_to_add_posts: options.allowStudents === false ? 0 : 1,
      position: options.position ?? counter,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const productId of options.productIds ?? []) {
    await db.insertInto("community_topic_products").values({ topic_id: id, product_id: productId }).execute();
  }
  return id;
}

/** A published product selling this course (its page is the course's /{slug}). */
export async function arrangeCourseProduct(db: Db, courseId: number, title = "Members' course"): Promise<number> {
  const now = nowIso();
  const { id } = await db
    .insertInto("products")
    .values({
      kind: "course",
      course_id: courseId,
      slug: null,
      title,
      status: "published",
      currency: "EUR",
      access_days: null,
      access_ends_at: null,
      event_starts_at: null,
      file_key: null,
      file_name: null,
      cover_image: null,
      published_at: now,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

/** Posts written straight into a topic (oldest first), for the feed's pages. */
export async function arrangePosts(db: Db, topicId: number, userId: number, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const now = nowIso();
    const { id } = await db
      .insertInto("community_posts")
      .values({
        topic_id: topicId,
        user_id: userId,
        title: `Arranged post ${i + 1}`,
        body: `The body of post ${i + 1}`,
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
    ids.push(id);
  }
  return ids;
}

/** A topic with one post, for tests of what hangs on a post. */
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

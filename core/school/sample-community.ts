// The sample school's community (issue 14, item 10): two topics (one public where students post, one restricted
// to the sample course's product), posts by the owner (markdown, by_admin) and by the sample student (plain
// text), some with a picture stored like a post image (images/posts/<random>.png, its size recorded), comments on
// the posts (commentable_type 'post') and up votes (votable_type 'post'), with the posts' counters matching.
// Rows are written directly: it runs inside the setup transaction, like the rest of the sample.
import { randomBytes } from "node:crypto";
import type { Db } from "#platform/db/connection.ts";
import { nowIso, toFlag } from "#platform/db/connection.ts";
import type { Language } from "#platform/db/schema.ts";
import { makeThumbnail, thumbnailKey } from "../media/thumbnail.ts";
import { ensureCourseProduct } from "../selling/course-product.ts";
import type { SampleFileStore } from "./sample-content.ts";
import { sampleCommunityTexts } from "./sample-community-texts.ts";

const HOUR_MS = 60 * 60 * 1000;

/** Draws a post's picture: a PNG of the given size (platform/sample-files in the app). */
export type SamplePostImage = (picture: { sunset: number; width: number; height: number }) => Buffer;

export type SampleCommunity = { topics: number; posts: number; images: number };

export async function addSampleCommunity(
  db: Db,
  options: {
    language: Language;
    courseId: number;
    ownerId: number;
    studentId: number;
    files: SampleFileStore;
    postImage: SamplePostImage;
  },
): Promise<SampleCommunity> {
  const topics = sampleCommunityTexts[options.language];
  const productId = await ensureCourseProduct(db, options.courseId);
  const userOf = (who: "owner" | "student") => (who === "owner" ? options.ownerId : options.studentId);
  const now = nowIso();
  let posts = 0;
  let images = 0;
  for (const [index, sample] of topics.entries()) {
    const restricted = sample.restricted && productId !== null;
    const { id: topicId } = await db
      .insertInto("community_topics")
      .values({
        title: sample.title,
        description: sample.description,
        allow_students_to_add_posts: toFlag(sample.allowStudentsToPost),
        visibility: restricted ? "restricted" : "public",
        position: index + 1,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (restricted) {
      await db.insertInto("community_topic_products").values({ topic_id: topicId, product_id: productId }).execute();
    }
    for (const post of sample.posts) {
      const at = nowIso(-post.hoursAgo * HOUR_MS);
      let image: { key: string; width: number; height: number; thumbnail: string | null } | null = null;
      if (post.image) {
        const key = `images/posts/${randomBytes(16).toString("hex")}.png`;
        const bytes = options.postImage(post.image);
        await options.files.put(key, bytes, { contentType: "image/png" });
        // The generator is the caller's (tests pass bytes that are no picture): without a thumbnail the gallery
        // shows the image itself.
        const thumbnail = await makeThumbnail(bytes).catch(() => null);
        if (thumbnail) await options.files.put(thumbnailKey(key), thumbnail.bytes, { contentType: "image/webp" });
        image = {
          key,
          width: post.image.width,
          height: post.image.height,
          thumbnail: thumbnail ? thumbnailKey(key) : null,
        };
        images += 1;
      }
      const { id: postId } = await db
        .insertInto("community_posts")
        .values({
          topic_id: topicId,
          user_id: userOf(post.by),
          by_admin: toFlag(post.by === "owner"),
          title: post.title,
          body: post.body,
          image: image?.key ?? null,
          image_width: image?.width ?? null,
          image_height: image?.height ?? null,
          image_thumbnail: image?.thumbnail ?? null,
          video_url: null,
          video_id: null,
          pinned_at: null,
          hidden_at: null,
          up_votes_count: post.votes.length,
          comments_count: post.comments.length,
          created_at: at,
          updated_at: at,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      posts += 1;
      for (const [n, comment] of post.comments.entries()) {
        const commentedAt = nowIso(-(post.hoursAgo - n - 1) * HOUR_MS);
        await db
          .insertInto("comments")
          .values({
            commentable_type: "post",
            commentable_id: postId,
            user_id: userOf(comment.by),
            body: comment.body,
            by_admin: toFlag(comment.by === "owner"),
            video_id: null,
            replies_count: 0,
            created_at: commentedAt,
            updated_at: commentedAt,
          })
          .execute();
      }
      for (const voter of post.votes) {
        await db
          .insertInto("votes")
          .values({ votable_type: "post", votable_id: postId, user_id: userOf(voter), value: 1, created_at: at })
          .execute();
      }
    }
  }
  return { topics: topics.length, posts, images };
}

// What the gallery shows of the community (spec §2 gallery preview and full gallery, §3 Lightbox image): the images
// posted in the topics the actor may read, newest first, read by keyset on the post's id through the partial
// indexes of migration 0015 (community_posts_all_images over every topic, community_posts_images within one), so a
// page costs the same however many posts there are. Shared by ./gallery.ts and ./gallery-preview.ts.
import { AppError } from "#core/errors.ts";
import { type Actor, isAdmin, isSignedIn, userIdOf } from "#core/shared/actor.ts";
import { pathId } from "#core/shared/path-id.ts";
import type { Db } from "#platform/db/connection.ts";
import { canReadTopic, canSeePost } from "./policies.ts";
import { topicIdsWithKey } from "./topic-access.ts";

/** Files are served under /files/ (platform/storage), as core/discussion/present.ts says for reply images. */
function fileUrl(key: string): string {
  return `/files/${key}`;
}

/** The post's page (spec: community.posts.show). */
export function postPath(id: number): string {
  return `/community/posts/${id}`;
}

/** The full gallery's page, of the whole community or of one topic. */
export function galleryPath(topicId: number | null): string {
  return topicId === null ? "/community/gallery" : `/community/gallery/${topicId}`;
}

/**
 * One image of the gallery: the §3 Lightbox image {src, thumbnail, alt, caption} and its size, with the post it
 * belongs to. The thumbnail is the image itself: a post's image is already compressed by the browser to at most
 * 600 KB (spec §9), and the grid shows it scaled down.
 */
export type GalleryImage = {
  id: number;
  src: string;
  thumbnail: string;
  alt: string;
  caption: string;
  width: number | null;
  height: number | null;
  post_id: number;
  post_url: string;
  topic_id: number;
};

/** The topic a gallery is filtered by, as the page shows it. */
export type GalleryTopic = { id: number; title: string; description: string };

/** Which topics the actor reads: every one (admins), or a list (public ones and restricted ones held by a key). */
export type ReadableTopics = { all: true } | { all: false; ids: number[] };

export async function readableTopics(db: Db, actor: Actor): Promise<ReadableTopics> {
  if (isAdmin(actor)) return { all: true };
  const topics = await db
    .selectFrom("community_topics")
    .select(["id", "visibility", "allow_students_to_add_posts"])
    .execute();
  const held = await topicIdsWithKey(db, userIdOf(actor));
  return { all: false, ids: topics.filter((topic) => canReadTopic(actor, topic, held.has(topic.id))).map((t) => t.id) };
}

/**
 * The topic of a filtered gallery, when the actor may read it. Refused like the rest of the community: an unknown
 * topic is 404; a restricted one the actor may not read asks a visitor to log in (401) and is 404 for anyone else
 * (its existence is not told).
 */
export async function readableTopic(db: Db, actor: Actor, topicIdParam: unknown): Promise<GalleryTopic> {
  const topicId = pathId(topicIdParam);
  const topic = await db
    .selectFrom("community_topics")
    .select(["id", "title", "description", "visibility", "allow_students_to_add_posts"])
    .where("id", "=", topicId)
    .executeTakeFirst();
  if (!topic) throw new AppError("not_found");
  const holdsKey = topic.visibility === "restricted" && (await topicIdsWithKey(db, userIdOf(actor))).has(topic.id);
  if (!canReadTopic(actor, topic, holdsKey)) throw new AppError(isSignedIn(actor) ? "not_found" : "unauthenticated");
  return { id: topic.id, title: topic.title, description: topic.description };
}

/**
 * Up to `limit` images older than `before` (a post id; null: the newest), newest first, in one topic or in the
 * readable ones. Hidden posts only for the admins (policies.ts canSeePost).
 */
export async function imagesPage(
  db: Db,
  actor: Actor,
  where: { topicId: number } | { topics: ReadableTopics },
  before: number | null,
  limit: number,
): Promise<GalleryImage[]> {
  if ("topics" in where && !where.topics.all && where.topics.ids.length === 0) return [];
  let query = db
    .selectFrom("community_posts")
    .select(["id", "topic_id", "user_id", "title", "image", "image_width", "image_height", "hidden_at"])
    .where("image", "is not", null);
  if ("topicId" in where) query = query.where("topic_id", "=", where.topicId);
  else if (!where.topics.all) query = query.where("topic_id", "in", where.topics.ids);
  if (!isAdmin(actor)) query = query.where("hidden_at", "is", null);
  if (before !== null) query = query.where("id", "<", before);
  const rows = await query.orderBy("id", "desc").limit(limit).execute();
  return rows
    .filter((row) => canSeePost(actor, row))
    .map((row) => {
      const src = fileUrl(row.image!);
      return {
        id: row.id,
        src,
        thumbnail: src,
        alt: row.title,
        caption: row.title,
        width: row.image_width,
        height: row.image_height,
        post_id: row.id,
        post_url: postPath(row.id),
        topic_id: row.topic_id,
      };
    });
}

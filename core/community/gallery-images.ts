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
 * belongs to. The thumbnail is the image's small copy (core/media/thumbnail.ts), or the image itself for a post
 * stored before thumbnails were made.
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

/**
 * Which topics the actor reads: every one (admins, and anyone when every topic is public), or a list (the public
 * ones and the restricted ones held by a key).
 */
export type ReadableTopics = { all: true } | { all: false; ids: number[] };

export async function readableTopics(db: Db, actor: Actor): Promise<ReadableTopics> {
  if (isAdmin(actor)) return { all: true };
  const topics = await db
    .selectFrom("community_topics")
    .select(["id", "visibility", "allow_students_to_add_posts"])
    .execute();
  const held = await topicIdsWithKey(db, userIdOf(actor));
  const ids = topics.filter((topic) => canReadTopic(actor, topic, held.has(topic.id))).map((topic) => topic.id);
  return ids.length === topics.length ? { all: true } : { all: false, ids };
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
 * The image posts of one topic (community_posts_images) or of every topic (community_posts_all_images) older than
 * `before`, newest first: a range of one index read backwards, without sorting. Hidden posts only for the admins.
 */
export function imagePostsQuery(db: Db, actor: Actor, topicId: number | null, before: number | null, limit: number) {
  let query = db
    .selectFrom("community_posts")
    .select([
      "id",
      "topic_id",
      "user_id",
      "title",
      "image",
      "image_thumbnail",
      "image_width",
      "image_height",
      "hidden_at",
    ])
    .where("image", "is not", null);
  if (topicId !== null) query = query.where("topic_id", "=", topicId);
  if (!isAdmin(actor)) query = query.where("hidden_at", "is", null);
  if (before !== null) query = query.where("id", "<", before);
  return query.orderBy("id", "desc").limit(limit);
}

/**
 * Up to `limit` images older than `before` (a post id; null: the newest), newest first, in one topic or in the
 * readable ones. When only some topics are readable, each is read by its own keyset and the newest `limit` of them
 * kept: a page reads at most `limit` rows a topic, however many posts the other topics hold.
 */
export async function imagesPage(
  db: Db,
  actor: Actor,
  where: { topicId: number } | { topics: ReadableTopics },
  before: number | null,
  limit: number,
): Promise<GalleryImage[]> {
  let rows;
  if ("topicId" in where) rows = await imagePostsQuery(db, actor, where.topicId, before, limit).execute();
  else if (where.topics.all) rows = await imagePostsQuery(db, actor, null, before, limit).execute();
  else {
    rows = [];
    for (const topicId of where.topics.ids)
      rows.push(...(await imagePostsQuery(db, actor, topicId, before, limit).execute()));
    rows = rows.sort((a, b) => b.id - a.id).slice(0, limit);
  }
  return rows
    .filter((row) => canSeePost(actor, row))
    .map((row) => {
      const src = fileUrl(row.image!);
      return {
        id: row.id,
        src,
        thumbnail: row.image_thumbnail ? fileUrl(row.image_thumbnail) : src,
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

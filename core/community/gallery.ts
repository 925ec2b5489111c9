// The full gallery (spec §2 "Full gallery: 4 per row with 'More'", §7 POST /json/community/gallery[/{topicId}]):
// a page of the images posted in the readable community, or in one topic, newest first. The next page is asked
// for at next_page_url, whose cursor is the last image's post id (keyset: no repeats, no gaps when posts arrive).
import type { Actor } from "#core/shared/actor.ts";
import { pathId } from "#core/shared/path-id.ts";
import type { Db } from "#platform/db/connection.ts";
import { type GalleryImage, type GalleryTopic, imagesPage, readableTopic, readableTopics } from "./gallery-images.ts";

/** Six rows of four. */
export const GALLERY_PAGE_SIZE = 24;

export type GalleryPage = {
  community_topic: GalleryTopic | null;
  images: GalleryImage[];
  /** where 'More' asks for the next page (POST), or null on the last one */
  next_page_url: string | null;
};

/** The JSON call of the gallery, of the whole community or of one topic. */
export function galleryJsonPath(topicId: number | null): string {
  return topicId === null ? "/json/community/gallery" : `/json/community/gallery/${topicId}`;
}

/**
 * topicIdParam: the topic's id from the path, or null for the whole community. cursor: the post id the previous
 * page ended with (from next_page_url), or null/undefined for the first page; anything else names nothing (404).
 */
export async function gallery(
  db: Db,
  actor: Actor,
  topicIdParam: unknown,
  cursor: unknown,
  pageSize = GALLERY_PAGE_SIZE,
): Promise<GalleryPage> {
  const topic =
    topicIdParam === null || topicIdParam === undefined ? null : await readableTopic(db, actor, topicIdParam);
  const before = cursor === null || cursor === undefined ? null : pathId(cursor);
  const where = topic ? { topicId: topic.id } : { topics: await readableTopics(db, actor) };
  // One more than a page tells whether there is a next one.
  const rows = await imagesPage(db, actor, where, before, pageSize + 1);
  const images = rows.slice(0, pageSize);
  const last = images.at(-1);
  const next_page_url =
    rows.length > pageSize && last ? `${galleryJsonPath(topic?.id ?? null)}?cursor=${last.post_id}` : null;
  return { community_topic: topic, images, next_page_url };
}

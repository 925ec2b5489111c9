// The gallery preview beside a feed (spec §2 "Gallery preview: 3 images per row with 'See all'; appears only with
// at least one photo; show-more button at 6 or more photos", §7 POST /json/community/gallery-preview[/{topicId}]):
// the newest images of the readable community or of one topic, and the full gallery's address for 'See all'.
import type { Actor } from "#core/shared/actor.ts";
import type { Db } from "#platform/db/connection.ts";
import {
  type GalleryImage,
  type GalleryTopic,
  galleryPath,
  imagesPage,
  readableTopic,
  readableTopics,
} from "./gallery-images.ts";

/** Three rows of three: from 6 photos the preview shows the first row, and all after 'Show more' (the component). */
export const PREVIEW_SIZE = 9;

export type GalleryPreview = {
  community_topic: GalleryTopic | null;
  images: GalleryImage[];
  /** the full gallery (of the topic, when one), for 'See all' */
  see_all_url: string;
};

export async function galleryPreview(db: Db, actor: Actor, topicIdParam: unknown): Promise<GalleryPreview> {
  const topic =
    topicIdParam === null || topicIdParam === undefined ? null : await readableTopic(db, actor, topicIdParam);
  if (topic) return topicGalleryPreview(db, actor, topic);
  const images = await imagesPage(db, actor, { topics: await readableTopics(db, actor) }, null, PREVIEW_SIZE);
  return { community_topic: null, images, see_all_url: galleryPath(null) };
}

/** The preview of a topic the caller has already found readable (the topic page checks it once). */
export async function topicGalleryPreview(db: Db, actor: Actor, topic: GalleryTopic): Promise<GalleryPreview> {
  const images = await imagesPage(db, actor, { topicId: topic.id }, null, PREVIEW_SIZE);
  return {
    community_topic: { id: topic.id, title: topic.title, description: topic.description },
    images,
    see_all_url: galleryPath(topic.id),
  };
}

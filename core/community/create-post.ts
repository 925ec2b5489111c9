// POST /json/community/topics/{id}/post/create (spec §5, §6, §7): a post in a topic the actor may write in (admins
// always; students where they may read and the topic lets students post). Title 5-159 characters, body at least
// 5; an optional embed link (YouTube, Vimeo) and an optional image (PNG, GIF or JPEG, at most 600000 bytes, stored
// re-encoded). A student's post is plain text, an admin's markdown (by_admin). With video_file_upload=1 the post
// carries a hosted video (core/media/comment-video.ts, as a comment's): the videos row, owned by the author, is
// written with the post, and the answer's videoUpload says where the browser sends the file (ours or Bunny's).
import { emitWebhookEvent } from "#core/webhooks/emit-event.ts";
import type { Db } from "#platform/db/connection.ts";
import { nowIso, toFlag } from "#platform/db/connection.ts";
import type { Storage } from "#core/ports/storage.ts";
import { type CommentVideoDeps, type CommentVideoUpload, createWithCommentVideo } from "../media/comment-video.ts";
import { type Actor, authorizeUser, isAdmin } from "../shared/actor.ts";
import { parseInput } from "../validation.ts";
import { assertMayWrite } from "../moderation/posting-pause.ts";
import { notifyNewPost } from "./notifications/notify.ts";
import { checkPostImage, deletePostImageFiles, storePostImage, type StoredPostImage } from "./post-image.ts";
import { type PostView, postQuery, presentPosts } from "./present.ts";
import { postEmbedUrl, postFieldsSchema } from "./schemas.ts";
import { requireReadableTopic } from "./topics.ts";

export type PostInput = {
  /** title, body, video (and file / video_file_upload, the hosted video's flags) */
  fields: unknown;
  /** the image's bytes, when one was sent */
  image?: Buffer | null;
};

/** Records a stored image in uploads (the media library and the cleaning of orphans know it by its key). */
export async function recordPostImage(db: Db, userId: number, image: StoredPostImage, now: string): Promise<void> {
  await db
    .insertInto("uploads")
    .values({
      storage_key: image.key,
      context: "post",
      user_id: userId,
      content_type: image.contentType,
      size: image.size,
      status: "stored",
      created_at: now,
    })
    .execute();
}

export async function createPost(
  deps: { db: Db; storage: Storage; videos?: CommentVideoDeps },
  actor: Actor,
  topicId: number,
  input: PostInput,
): Promise<{ post: PostView; videoUpload?: CommentVideoUpload }> {
  const { db, storage } = deps;
  const { topic, canPost } = await requireReadableTopic(db, actor, topicId);
  const author = authorizeUser(actor, canPost);
  // A member whose posting a moderator paused writes nothing (core/moderation/posting-pause.ts).
  await assertMayWrite(db, actor);
  const fields = parseInput(postFieldsSchema, input.fields ?? {});
  const checked = input.image ? checkPostImage(input.image) : null;
  const stored = checked ? await storePostImage(storage, input.image!, checked) : null;
  const insertPost = async (trx: Db, videoId: number | null) => {
    const now = nowIso();
    const row = await trx
      .insertInto("community_posts")
      .values({
        topic_id: topic.id,
        user_id: author.userId,
        by_admin: toFlag(isAdmin(author)),
        title: fields.title,
        body: fields.body,
        image: stored?.key ?? null,
        image_width: stored?.width ?? null,
        image_height: stored?.height ?? null,
        image_thumbnail: stored?.thumbnailKey ?? null,
        video_url: fields.video ? postEmbedUrl(fields.video) : null,
        video_id: videoId,
        pinned_at: null,
        hidden_at: null,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (stored) await recordPostImage(trx, author.userId, stored, now);
    // notifications: new post (queued in the post's transaction: the job table is the outbox)
    await notifyNewPost(trx, row.id);
    await emitWebhookEvent(trx, "community.post_created", {
      post: { id: row.id, title: fields.title, created_at: now },
      topic: { id: topic.id },
      author: { id: author.userId },
    });
    return row.id;
  };
  let id: number;
  let videoUpload: CommentVideoUpload | undefined;
  try {
    if (fields.video_file_upload) {
      // The hosted video: the host's video first (an outage: 503, nothing written), then the row and the post.
      if (!deps.videos) throw new Error("createPost: a hosted video needs the video services");
      const created = await createWithCommentVideo(
        db,
        deps.videos,
        { userId: author.userId, body: fields.title },
        insertPost,
      );
      id = created.result;
      videoUpload = created.videoUpload;
    } else {
      id = await db.transaction().execute((trx) => insertPost(trx, null));
    }
  } catch (error) {
    // No post holds the file: remove it again.
    if (stored) await deletePostImageFiles(storage, stored.key);
    throw error;
  }
  const row = await postQuery(db).where("p.id", "=", id).executeTakeFirstOrThrow();
  const [post] = await presentPosts(db, actor, [row]);
  return videoUpload ? { post: post!, videoUpload } : { post: post! };
}

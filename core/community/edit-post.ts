// PUT and POST /json/community/posts/{id} (spec §6, §7): the author edits their post (admins too, who moderate):
// title, body and video link by the creation's rules; a new image replaces the old one, image_delete removes it;
// video_file_upload=1 attaches a new hosted video (replacing the one there; the answer's videoUpload, as on
// creation), video_file_delete=1 detaches it.
// Another user's post answers 404, as if it did not exist.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import type { Storage } from "#core/ports/storage.ts";
import { type Actor, requireSignedIn } from "../shared/actor.ts";
import { AppError } from "../errors.ts";
import { parseInput } from "../validation.ts";
import { assertMayWrite } from "../moderation/posting-pause.ts";
import { type CommentVideoDeps, type CommentVideoUpload, createWithCommentVideo } from "../media/comment-video.ts";
import { recordPostImage, type PostInput } from "./create-post.ts";
import { canEditPost } from "./policies.ts";
import { postRefusal, requireVisiblePost } from "./post-access.ts";
import { checkPostImage, deletePostImageFiles, storePostImage } from "./post-image.ts";
import { type PostView, postQuery, presentPosts } from "./present.ts";
import { postEmbedUrl, postFieldsSchema } from "./schemas.ts";

export async function editPost(
  deps: { db: Db; storage: Storage; videos?: CommentVideoDeps },
  actor: Actor,
  postId: number,
  input: PostInput,
): Promise<{ post: PostView; videoUpload?: CommentVideoUpload }> {
  const { db, storage } = deps;
  const editor = requireSignedIn(actor);
  const { post } = await requireVisiblePost(db, actor, postId);
  if (!canEditPost(actor, post)) throw new AppError(postRefusal(editor, post));
  await assertMayWrite(db, actor);
  const fields = parseInput(postFieldsSchema, input.fields ?? {});
  const checked = input.image ? checkPostImage(input.image) : null;
  const stored = checked ? await storePostImage(storage, input.image!, checked) : null;
  const replaceImage = stored !== null || fields.image_delete === true;
  // undefined: the hosted video stays as it is; null: it is detached; a number: the new one replaces it.
  const update = async (trx: Db, videoId: number | null | undefined) => {
    const now = nowIso();
    const updated = await trx
      .updateTable("community_posts")
      .set({
        title: fields.title,
        body: fields.body,
        video_url: fields.video ? postEmbedUrl(fields.video) : null,
        ...(replaceImage
          ? {
              image: stored?.key ?? null,
              image_width: stored?.width ?? null,
              image_height: stored?.height ?? null,
              image_thumbnail: stored?.thumbnailKey ?? null,
            }
          : {}),
        ...(videoId === undefined ? {} : { video_id: videoId }),
        updated_at: now,
      })
      .where("id", "=", post.id)
      .returning("id")
      .executeTakeFirst();
    if (!updated) throw new AppError("not_found");
    if (stored) await recordPostImage(trx, editor.userId, stored, now);
    if (replaceImage && post.image) await trx.deleteFrom("uploads").where("storage_key", "=", post.image).execute();
  };
  let videoUpload: CommentVideoUpload | undefined;
  try {
    if (fields.video_file_upload) {
      // A new hosted video replaces the post's (the old one, pointed at by nothing, is swept: orphan-videos.ts).
      if (!deps.videos) throw new Error("editPost: a hosted video needs the video services");
      ({ videoUpload } = await createWithCommentVideo(
        db,
        deps.videos,
        { userId: editor.userId, body: fields.title },
        update,
      ));
    } else {
      await db.transaction().execute((trx) => update(trx, fields.video_file_delete ? null : undefined));
    }
  } catch (error) {
    if (stored) await deletePostImageFiles(storage, stored.key);
    throw error;
  }
  // The old file after the commit: a failed removal leaves an unused file, never a post without its image.
  if (replaceImage && post.image) await deletePostImageFiles(storage, post.image);
  const row = await postQuery(db).where("p.id", "=", post.id).executeTakeFirstOrThrow();
  const [view] = await presentPosts(db, actor, [row]);
  return videoUpload ? { post: view!, videoUpload } : { post: view! };
}

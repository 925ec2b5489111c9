// PUT and POST /json/community/posts/{id} (spec §6, §7): the author edits their post (admins too, who moderate):
// title, body and video link by the creation's rules; a new image replaces the old one, image_delete removes it.
// Another user's post answers 404, as if it did not exist.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import type { Storage } from "#core/ports/storage.ts";
import { type Actor, requireSignedIn } from "../shared/actor.ts";
import { AppError } from "../errors.ts";
import { parseInput } from "../validation.ts";
import { assertMayWrite } from "../moderation/posting-pause.ts";
import { recordPostImage, type PostInput } from "./create-post.ts";
import { canEditPost } from "./policies.ts";
import { postRefusal, requireVisiblePost } from "./post-access.ts";
import { checkPostImage, deletePostImageFiles, storePostImage } from "./post-image.ts";
import { type PostView, postQuery, presentPosts } from "./present.ts";
import { postEmbedUrl, postFieldsSchema } from "./schemas.ts";

export async function editPost(
  deps: { db: Db; storage: Storage },
  actor: Actor,
  postId: number,
  input: PostInput,
): Promise<{ post: PostView }> {
  const { db, storage } = deps;
  const editor = requireSignedIn(actor);
  const { post } = await requireVisiblePost(db, actor, postId);
  if (!canEditPost(actor, post)) throw new AppError(postRefusal(editor, post));
  await assertMayWrite(db, actor);
  const fields = parseInput(postFieldsSchema, input.fields ?? {});
  const checked = input.image ? checkPostImage(input.image) : null;
  const stored = checked ? await storePostImage(storage, input.image!, checked) : null;
  const replaceImage = stored !== null || fields.image_delete === true;
  try {
    await db.transaction().execute(async (trx) => {
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
          updated_at: now,
        })
        .where("id", "=", post.id)
        .returning("id")
        .executeTakeFirst();
      if (!updated) throw new AppError("not_found");
      if (stored) await recordPostImage(trx, editor.userId, stored, now);
      if (replaceImage && post.image) await trx.deleteFrom("uploads").where("storage_key", "=", post.image).execute();
    });
  } catch (error) {
    if (stored) await deletePostImageFiles(storage, stored.key);
    throw error;
  }
  // The old file after the commit: a failed removal leaves an unused file, never a post without its image.
  if (replaceImage && post.image) await deletePostImageFiles(storage, post.image);
  const row = await postQuery(db).where("p.id", "=", post.id).executeTakeFirstOrThrow();
  const [view] = await presentPosts(db, actor, [row]);
  return { post: view! };
}

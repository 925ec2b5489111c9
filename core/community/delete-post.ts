// DELETE /json/community/posts/{id} (spec §6, §7): the author deletes their post (admins any). Its comments, their
// replies, the votes on all of them and on the post, and the images of the post and of the replies go with it.
// Another user's post answers 404, as if it did not exist.
import type { Db } from "#platform/db/connection.ts";
import type { Storage } from "#core/ports/storage.ts";
import { type Actor, requireSignedIn } from "../shared/actor.ts";
import { AppError } from "../errors.ts";
import { canDeletePost } from "./policies.ts";
import { postRefusal, requireVisiblePost } from "./post-access.ts";
import { thumbnailKey } from "../media/thumbnail.ts";

export async function deletePost(deps: { db: Db; storage: Storage }, actor: Actor, postId: number): Promise<void> {
  const signedIn = requireSignedIn(actor);
  const { post } = await requireVisiblePost(deps.db, actor, postId);
  if (!canDeletePost(actor, post)) throw new AppError(postRefusal(signedIn, post));
  const files = await deps.db.transaction().execute(async (trx) => {
    const comments = await trx
      .selectFrom("comments")
      .select("id")
      .where("commentable_type", "=", "post")
      .where("commentable_id", "=", post.id)
      .execute();
    const commentIds = comments.map((c) => c.id);
    let replyImages: string[] = [];
    if (commentIds.length) {
      const replies = await trx
        .selectFrom("replies")
        .select(["id", "image"])
        .where("comment_id", "in", commentIds)
        .execute();
      const replyIds = replies.map((r) => r.id);
      replyImages = replies.flatMap((r) => (r.image ? [r.image] : []));
      if (replyIds.length) {
        await trx.deleteFrom("votes").where("votable_type", "=", "reply").where("votable_id", "in", replyIds).execute();
        await trx.deleteFrom("replies").where("comment_id", "in", commentIds).execute();
      }
      await trx
        .deleteFrom("votes")
        .where("votable_type", "=", "comment")
        .where("votable_id", "in", commentIds)
        .execute();
      await trx.deleteFrom("comments").where("id", "in", commentIds).execute();
    }
    await trx.deleteFrom("votes").where("votable_type", "=", "post").where("votable_id", "=", post.id).execute();
    const deleted = await trx
      .deleteFrom("community_posts")
      .where("id", "=", post.id)
      .returning("id")
      .executeTakeFirst();
    if (!deleted) throw new AppError("not_found");
    const keys = [...replyImages, ...(post.image ? [post.image] : [])];
    if (keys.length) await trx.deleteFrom("uploads").where("storage_key", "in", keys).execute();
    return keys;
  });
  // Files after the commit: a failed removal leaves an unused file, never a post without its image.
  const thumbnail = post.image ? [thumbnailKey(post.image)] : [];
  for (const key of [...files, ...thumbnail]) await deps.storage.delete(key).catch(() => {});
}

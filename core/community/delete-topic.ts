// DELETE /home/community/topics/{id}: the topic, its posts and keys (foreign keys cascade), and the posts'
// discussions, which are attached by type and id without a foreign key: their comments (replies go with them)
// and the votes on posts, comments and replies. Returns the storage keys of the posts' images with their
// thumbnails and of the replies' images, which the caller removes from storage once the rows are gone.
import type { Db } from "#platform/db/connection.ts";
import { AppError } from "../errors.ts";
import { thumbnailKey } from "../media/thumbnail.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { pathId } from "../shared/path-id.ts";
import { canManageTopics } from "./policies.ts";

export async function deleteTopic(db: Db, actor: Actor, idInput: unknown): Promise<{ images: string[] }> {
  authorize(actor, canManageTopics(actor));
  const id = pathId(idInput);
  return db.transaction().execute(async (trx) => {
    const topic = await trx.selectFrom("community_topics").select("id").where("id", "=", id).executeTakeFirst();
    if (!topic) throw new AppError("not_found");
    const images = await trx
      .selectFrom("community_posts")
      .select("image")
      .where("topic_id", "=", id)
      .where("image", "is not", null)
      .execute();
    const posts = trx.selectFrom("community_posts").select("id").where("topic_id", "=", id);
    const comments = trx
      .selectFrom("comments")
      .select("id")
      .where("commentable_type", "=", "post")
      .where("commentable_id", "in", posts);
    const replies = trx.selectFrom("replies").select("id").where("comment_id", "in", comments);
    const replyImages = await trx
      .selectFrom("replies")
      .select("image")
      .where("comment_id", "in", comments)
      .where("image", "is not", null)
      .execute();
    await trx.deleteFrom("votes").where("votable_type", "=", "reply").where("votable_id", "in", replies).execute();
    await trx.deleteFrom("votes").where("votable_type", "=", "comment").where("votable_id", "in", comments).execute();
    await trx.deleteFrom("votes").where("votable_type", "=", "post").where("votable_id", "in", posts).execute();
    await trx
      .deleteFrom("comments")
      .where("commentable_type", "=", "post")
      .where("commentable_id", "in", posts)
      .execute();
    await trx.deleteFrom("community_topics").where("id", "=", id).execute();
    const postImages = images.flatMap((row) => (row.image ? [row.image, thumbnailKey(row.image)] : []));
    return { images: [...postImages, ...replyImages.flatMap((row) => (row.image ? [row.image] : []))] };
  });
}

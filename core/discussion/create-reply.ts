// POST /comment/:id/reply (§5, §6, §7): a reply of at least 2 characters to a comment the viewer may see.
// Admins may attach one image (the route reads it from a multipart body); a student's image is refused (403).
import type { Db } from "#platform/db/connection.ts";
import { nowIso, toFlag } from "#platform/db/connection.ts";
import { inTransaction } from "#platform/db/transaction.ts";
import type { Storage } from "#core/ports/storage.ts";
import { AppError } from "../errors.ts";
import { parseInput } from "../validation.ts";
import { assertMayWrite } from "../moderation/posting-pause.ts";
import { actorOf } from "../shared/actor.ts";
import { requireViewer, requireVisibleComment } from "./commentable.ts";
import { type ReplyView, selectReply, shownRepliesCount } from "./present.ts";
import { checkReplyImage, storeReplyImage } from "./reply-image.ts";
import { type DiscussionViewer, isModerator } from "./rights.ts";
import { createReplySchema } from "./schemas.ts";

export async function createReply(
  deps: { db: Db; storage: Storage },
  options: {
    viewer: DiscussionViewer | null;
    commentId: number;
    input: unknown;
    /** the attached image's bytes (read only for admins) */
    image?: Buffer | null;
    /** a file was attached, read or not */
    imageAttached?: boolean;
  },
): Promise<{ reply: ReplyView; replies_count: number }> {
  const { db, storage } = deps;
  const viewer = requireViewer(options.viewer);
  await assertMayWrite(db, actorOf(viewer));
  const { comment } = await requireVisibleComment(db, options.commentId, viewer);
  if ((options.image || options.imageAttached) && !isModerator(viewer)) throw new AppError("forbidden");
  const { body } = parseInput(createReplySchema, options.input);
  const image = options.image ? checkReplyImage(options.image) : null;
  const stored = image ? await storeReplyImage(storage, options.image!, image) : null;
  const key = stored?.key ?? null;
  try {
    const { id, repliesCount } = await inTransaction(db, async (trx) => {
      const now = nowIso();
      // Counting first locks the comment: a delete running at the same time waits, or has already removed it.
      const counted = await trx
        .updateTable("comments")
        .set((eb) => ({ replies_count: eb("replies_count", "+", 1) }))
        .where("id", "=", comment.id)
        .returning("replies_count")
        .executeTakeFirst();
      if (!counted) throw new AppError("not_found");
      const reply = await trx
        .insertInto("replies")
        .values({
          comment_id: comment.id,
          user_id: viewer.id,
          body,
          image: key,
          by_admin: toFlag(isModerator(viewer)),
          created_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (key && image) {
        await trx
          .insertInto("uploads")
          .values({
            storage_key: key,
            context: "reply",
            user_id: viewer.id,
            content_type: image.contentType,
            size: stored!.size,
            status: "stored",
            created_at: now,
          })
          .execute();
      }
      return { id: reply.id, repliesCount: Number(counted.replies_count) };
    });
    return {
      reply: await selectReply(db, viewer, id),
      replies_count: await shownRepliesCount(db, viewer, comment.id, repliesCount),
    };
  } catch (error) {
    if (key) await storage.delete(key).catch(() => {});
    throw error;
  }
}

// DELETE /comments/:id (§6): admins delete any comment; a student deletes their own comment (unless written as
// an admin). The comment's replies, their votes and images go with it; a review made from it stays.
import type { Db } from "#platform/db/connection.ts";
import { inTransaction } from "#platform/db/transaction.ts";
import type { Storage } from "#core/ports/storage.ts";
import { AppError } from "../errors.ts";
import { requireViewer, requireVisibleComment } from "./commentable.ts";
import { commentableKind } from "./commentable-kinds.ts";
import { canDelete, type DiscussionViewer, refusalFor } from "./rights.ts";

export async function deleteComment(
  deps: { db: Db; storage: Storage },
  options: { viewer: DiscussionViewer | null; commentId: number },
): Promise<void> {
  const viewer = requireViewer(options.viewer);
  const { comment, commentable } = await requireVisibleComment(deps.db, options.commentId, viewer);
  if (!canDelete(viewer, comment)) throw new AppError(refusalFor(viewer, comment));
  const images = await inTransaction(deps.db, async (trx) => {
    const replies = await trx
      .selectFrom("replies")
      .select(["id", "image"])
      .where("comment_id", "=", comment.id)
      .execute();
    const replyIds = replies.map((r) => r.id);
    if (replyIds.length) {
      await trx.deleteFrom("votes").where("votable_type", "=", "reply").where("votable_id", "in", replyIds).execute();
      await trx.deleteFrom("replies").where("comment_id", "=", comment.id).execute();
    }
    await trx.deleteFrom("votes").where("votable_type", "=", "comment").where("votable_id", "=", comment.id).execute();
    const deleted = await trx
      .deleteFrom("comments")
      .where("id", "=", comment.id)
      .returning(["id", "hidden_at"])
      .executeTakeFirst();
    // A hidden comment left its commentable's count when it was hidden (core/moderation/moderate-item.ts).
    if (deleted && deleted.hidden_at === null) {
      await commentableKind(commentable.type).countComments?.(trx, commentable.id, -1);
    }
    const keys = replies.flatMap((r) => (r.image ? [r.image] : []));
    if (keys.length) await trx.deleteFrom("uploads").where("storage_key", "in", keys).execute();
    return keys;
  });
  // Files after the commit: a failed removal leaves an unused file, never a reply without its image.
  for (const key of images) await deps.storage.delete(key).catch(() => {});
}

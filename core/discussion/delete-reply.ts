// DELETE /replies/:id (§6): admins delete any reply; a student deletes their own reply, never one an admin wrote.
import type { Db } from "#platform/db/connection.ts";
import { inTransaction } from "#platform/db/transaction.ts";
import type { Storage } from "#core/ports/storage.ts";
import { AppError } from "../errors.ts";
import { requireViewer, requireVisibleReply } from "./commentable.ts";
import { shownRepliesCount } from "./present.ts";
import { canDelete, type DiscussionViewer, refusalFor } from "./rights.ts";

export async function deleteReply(
  deps: { db: Db; storage: Storage },
  options: { viewer: DiscussionViewer | null; replyId: number },
): Promise<{ replies_count: number }> {
  const viewer = requireViewer(options.viewer);
  const { reply } = await requireVisibleReply(deps.db, options.replyId, viewer);
  if (!canDelete(viewer, reply)) throw new AppError(refusalFor(viewer, reply));
  const repliesCount = await inTransaction(deps.db, async (trx) => {
    const deleted = await trx.deleteFrom("replies").where("id", "=", reply.id).executeTakeFirst();
    await trx.deleteFrom("votes").where("votable_type", "=", "reply").where("votable_id", "=", reply.id).execute();
    if (reply.image) await trx.deleteFrom("uploads").where("storage_key", "=", reply.image).execute();
    // Only the request that removed the row counts it down (two deletes at once must not count twice).
    const change = Number(deleted.numDeletedRows) > 0 ? 1 : 0;
    const counted = await trx
      .updateTable("comments")
      .set((eb) => ({ replies_count: eb("replies_count", "-", change) }))
      .where("id", "=", reply.comment_id)
      .returning("replies_count")
      .executeTakeFirst();
    return Number(counted?.replies_count ?? 0);
  });
  if (reply.image) await deps.storage.delete(reply.image).catch(() => {});
  return { replies_count: await shownRepliesCount(deps.db, viewer, reply.comment_id, repliesCount) };
}

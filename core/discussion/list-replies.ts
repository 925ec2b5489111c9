// POST /comment/:id/replies (§7): a comment's replies, oldest first (a conversation reads top down).
import type { Db } from "#platform/db/connection.ts";
import { requireViewer, requireVisibleComment } from "./commentable.ts";
import { type ReplyView, selectReplies } from "./present.ts";
import type { DiscussionViewer } from "./rights.ts";

export async function listReplies(
  db: Db,
  options: { viewer: DiscussionViewer | null; commentId: number },
): Promise<{ replies: ReplyView[] }> {
  const viewer = requireViewer(options.viewer);
  const { comment } = await requireVisibleComment(db, options.commentId, viewer);
  return { replies: await selectReplies(db, viewer, comment.id) };
}

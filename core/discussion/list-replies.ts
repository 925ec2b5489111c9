// POST /comment/:id/replies (§7): a comment's replies, oldest first (a conversation reads top down), put together
// from the discussion cache (./discussion-cache.ts) as UTF-8 JSON.
import type { Db } from "#platform/db/connection.ts";
import { requireReadableComment, requireViewer } from "./commentable.ts";
import { viewerRepliesJson } from "./discussion-cache.ts";
import type { DiscussionViewer } from "./rights.ts";

/** The §7 answer {replies} as UTF-8 JSON. */
export async function listReplies(
  db: Db,
  options: { viewer: DiscussionViewer | null; commentId: number },
): Promise<Buffer> {
  const viewer = requireViewer(options.viewer);
  const { comment } = await requireReadableComment(db, options.commentId, viewer);
  return viewerRepliesJson(db, viewer, comment.id);
}

// POST /json/lectures/:id/comments: a lecture's comments, newest first, a page at a time. The next page
// continues below the last comment shown (`before` = its id), so comments written meanwhile do not shift it.
import type { Db } from "#platform/db/connection.ts";
import { parseInput } from "../validation.ts";
import { requireViewer, requireVisibleCommentable } from "./commentable.ts";
import { type CommentView, selectComments } from "./present.ts";
import type { DiscussionViewer } from "./rights.ts";
import { listCommentsSchema } from "./schemas.ts";

export type CommentPage = { comments: CommentView[]; more: boolean };

export async function listLectureComments(
  db: Db,
  options: { viewer: DiscussionViewer | null; lectureId: number; input?: unknown },
): Promise<CommentPage> {
  const viewer = requireViewer(options.viewer);
  const { length, before } = parseInput(listCommentsSchema, options.input ?? {});
  const lecture = await requireVisibleCommentable(db, { type: "lecture", id: options.lectureId }, viewer);
  return commentPage(db, viewer, { type: lecture.type, id: lecture.id, length, before });
}

/** One page (one extra row tells whether there is more). */
export async function commentPage(
  db: Db,
  viewer: DiscussionViewer,
  options: { type: "lecture" | "post"; id: number; length: number; before?: number },
): Promise<CommentPage> {
  const rows = await selectComments(db, viewer, {
    type: options.type,
    id: options.id,
    limit: options.length + 1,
    before: options.before,
  });
  return { comments: rows.slice(0, options.length), more: rows.length > options.length };
}

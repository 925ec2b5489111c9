// POST /json/lectures/:id/comments: a lecture's comments, newest first, a page at a time. The next page
// continues below the last comment shown (`before` = its id), so comments written meanwhile do not shift it.
// The answer is put together from the discussion cache (./discussion-cache.ts) as UTF-8 JSON.
import type { Db } from "#platform/db/connection.ts";
import { parseInput } from "../validation.ts";
import { requireViewer, requireVisibleCommentable } from "./commentable.ts";
import { viewerCommentPageJson } from "./discussion-cache.ts";
import type { CommentView } from "./present.ts";
import type { DiscussionViewer } from "./rights.ts";
import { listCommentsSchema } from "./schemas.ts";

export type CommentPage = { comments: CommentView[]; more: boolean };

/** The §7 answer {comments, more} as UTF-8 JSON. */
export async function listLectureComments(
  db: Db,
  options: { viewer: DiscussionViewer | null; lectureId: number; input?: unknown },
): Promise<Buffer> {
  const viewer = requireViewer(options.viewer);
  const { length, before } = parseInput(listCommentsSchema, options.input ?? {});
  const lecture = await requireVisibleCommentable(db, { type: "lecture", id: options.lectureId }, viewer);
  return viewerCommentPageJson(db, viewer, { type: lecture.type, id: lecture.id, length, before });
}

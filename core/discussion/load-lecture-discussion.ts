// What the watch page's loader hands to <LectureDiscussion> (app/features/discussion/lecture-discussion.tsx):
// a logged-out visitor gets the login prompt (§2 "Player comments area"); a viewer who may watch the lecture
// gets the first page of comments; anyone else gets nothing to show.
import type { Db } from "#platform/db/connection.ts";
import type { User } from "#platform/db/schema.ts";
import { isAppError } from "../errors.ts";
import { type Commentable, requireVisibleCommentable } from "./commentable.ts";
import { viewerCommentPage } from "./discussion-cache.ts";
import type { CommentView } from "./present.ts";
import type { DiscussionViewer } from "./rights.ts";
import { COMMENTS_PAGE } from "./schemas.ts";

export type LectureDiscussionData =
  | { state: "login" }
  | { state: "hidden" }
  | { state: "open"; viewer: DiscussionViewer; comments: CommentView[]; more: boolean };

export async function loadLectureDiscussion(
  db: Db,
  options: { lectureId: number; viewer: Pick<User, "id" | "role"> | null },
): Promise<LectureDiscussionData> {
  if (!options.viewer) return { state: "login" };
  const viewer: DiscussionViewer = { id: options.viewer.id, role: options.viewer.role };
  let lecture: Commentable;
  try {
    lecture = await requireVisibleCommentable(db, { type: "lecture", id: options.lectureId }, viewer);
  } catch (error) {
    if (isAppError(error) && error.code === "not_found") return { state: "hidden" };
    throw error;
  }
  const page = await viewerCommentPage(db, viewer, { type: "lecture", id: lecture.id, length: COMMENTS_PAGE });
  return { state: "open", viewer, ...page };
}

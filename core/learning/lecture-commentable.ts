// A lecture as something comments hang on (core/discussion/commentable-kinds.ts): its discussion is for those who
// may watch it, by the watch page's own rules (find-watchable-lecture.ts); anyone else gets a 404.
import type { CommentableKind } from "#core/discussion/commentable-kinds.ts";
import { findWatchableLecture } from "./find-watchable-lecture.ts";

export const lectureCommentable: CommentableKind = {
  type: "lecture",
  acceptsVideo: false,
  async findVisible(db, id, viewer) {
    const { lectureId, courseId } = await findWatchableLecture(db, { lectureId: id, user: viewer });
    return { type: "lecture", id: lectureId, courseId };
  },
};

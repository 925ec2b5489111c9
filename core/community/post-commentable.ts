// A community post as something comments hang on (core/discussion/commentable-kinds.ts): its comments, replies and
// votes are for the signed-in readers of its topic (policies.canTakePartInTopic) while the post is not hidden from
// them (policies.canSeePost); anyone else gets a 404. Comments on posts may carry a video (§5), and the post keeps
// its comments_count in the transaction that adds or removes a comment, in which a new comment also queues
// its topic's e-mails.
import type { CommentableKind } from "#core/discussion/commentable-kinds.ts";
import { AppError, isAppError } from "../errors.ts";
import { actorOf } from "../shared/actor.ts";
import { notifyNewComment } from "./notifications/notify.ts";
import { requireVisiblePost } from "./post-access.ts";

export const postCommentable: CommentableKind = {
  type: "post",
  acceptsVideo: true,
  async findVisible(db, id, viewer) {
    let canTakePart: boolean;
    try {
      ({
        access: { canTakePart },
      } = await requireVisiblePost(db, actorOf(viewer), id));
    } catch (error) {
      // A topic the viewer may not read hides its posts' discussions like missing ones.
      if (isAppError(error)) throw new AppError("not_found");
      throw error;
    }
    if (!canTakePart) throw new AppError("not_found");
    return { type: "post", id, courseId: null };
  },
  async countComments(db, id, delta) {
    await db
      .updateTable("community_posts")
      .set((eb) => ({ comments_count: eb("comments_count", "+", delta) }))
      .where("id", "=", id)
      .execute();
  },
  async commentAdded(db, _id, commentId) {
    await notifyNewComment(db, commentId);
  },
};

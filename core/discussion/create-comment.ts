// POST /comments (spec §3, §5, §7): a logged-in user comments on something they may see (a lecture they may watch;
// later a community post). A video may be attached only where the kind accepts one (community posts), so a lecture
// comment with file 1 is a 422. With file 1 the comment's video is created with it and the answer carries the
// spec's videoUpload (core/media/comment-video.ts).
import type { Db } from "#platform/db/connection.ts";
import { nowIso, toFlag } from "#platform/db/connection.ts";
import { inTransaction } from "#platform/db/transaction.ts";
import { fieldError } from "../errors.ts";
import { type CommentVideoDeps, type CommentVideoUpload, createWithCommentVideo } from "../media/comment-video.ts";
import { parseInput } from "../validation.ts";
import { assertMayWrite } from "../moderation/posting-pause.ts";
import { actorOf } from "../shared/actor.ts";
import { requireViewer, requireVisibleCommentable } from "./commentable.ts";
import { commentableKind } from "./commentable-kinds.ts";
import { type CommentView, selectComment } from "./present.ts";
import type { DiscussionViewer } from "./rights.ts";
import { createCommentSchema } from "./schemas.ts";

export async function createComment(
  db: Db,
  options: { viewer: DiscussionViewer | null; input: unknown; videos?: CommentVideoDeps },
): Promise<{ comment: CommentView; videoUpload?: CommentVideoUpload }> {
  const viewer = requireViewer(options.viewer);
  await assertMayWrite(db, actorOf(viewer));
  const input = parseInput(createCommentSchema, options.input);
  const commentable = await requireVisibleCommentable(db, { type: input.type, id: input.id }, viewer);
  if (input.file === 1 && !commentableKind(commentable.type).acceptsVideo)
    throw fieldError("file", "discussion:video_posts_only");
  const kind = commentableKind(commentable.type);
  // The comment and its kind's own count (a community post's comments_count) change in one transaction.
  const insertComment = async (trx: Db, videoId: number | null) => {
    const now = nowIso();
    const row = await trx
      .insertInto("comments")
      .values({
        commentable_type: commentable.type,
        commentable_id: commentable.id,
        user_id: viewer.id,
        body: input.body,
        by_admin: toFlag(viewer.role === "admin"),
        video_id: videoId,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await kind.countComments?.(trx, commentable.id, 1);
    await kind.commentAdded?.(trx, commentable.id, row.id);
    return row;
  };
  if (input.file === 1) {
    // The comment's video (core/media/comment-video.ts): written with the comment, and where to upload it.
    if (!options.videos) throw new Error("createComment: a video needs the video services");
    const { result, videoUpload } = await createWithCommentVideo(
      db,
      options.videos,
      { userId: viewer.id, body: input.body },
      insertComment,
    );
    return { comment: await selectComment(db, viewer, result.id), videoUpload };
  }
  const { id } = await inTransaction(db, (trx) => insertComment(trx, null));
  return { comment: await selectComment(db, viewer, id) };
}

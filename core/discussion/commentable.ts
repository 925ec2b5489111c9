// What a comment hangs on, and whether the viewer may see it. Only logged-in users see and write comments
// (§6); each kind of commentable decides who sees it (commentable-kinds.ts: a lecture's discussion is for those who
// may watch the lecture). What the viewer may not see answers 404, as if it did not exist.
import type { Db } from "#platform/db/connection.ts";
import { prepared } from "#platform/db/prepared.ts";
import { defineCache } from "#platform/cache/cache.ts";
import type { CommentableType } from "#platform/db/schema.ts";
import { AppError } from "../errors.ts";
import { type Commentable, commentableKind } from "./commentable-kinds.ts";
import { type DiscussionViewer, isModerator } from "./rights.ts";

export type { Commentable } from "./commentable-kinds.ts";

export function requireViewer(viewer: DiscussionViewer | null): DiscussionViewer {
  if (!viewer) throw new AppError("unauthenticated");
  return viewer;
}

/** The commentable the viewer may see, or 404 (also for a kind no domain registered). */
export async function requireVisibleCommentable(
  db: Db,
  target: { type: CommentableType; id: number },
  viewer: DiscussionViewer,
): Promise<Commentable> {
  return commentableKind(target.type).findVisible(db, target.id, viewer);
}

export type CommentRow = {
  id: number;
  user_id: number;
  by_admin: number;
  body: string;
  commentable_type: CommentableType;
  commentable_id: number;
  /** hidden by a moderator: the admins' alone (core/moderation) */
  hidden_at: string | null;
};

// Every reply, vote and deletion starts here: compiled once (platform/db/prepared.ts).
const commentById = prepared((db, p: { id: number }) =>
  db
    .selectFrom("comments")
    .select(["id", "user_id", "by_admin", "body", "commentable_type", "commentable_id", "hidden_at"])
    .where("id", "=", p.id),
);

/** A comment on something the viewer may see, or 404. */
export async function requireVisibleComment(
  db: Db,
  commentId: number,
  viewer: DiscussionViewer,
): Promise<{ comment: CommentRow; commentable: Commentable }> {
  const [comment] = Number.isSafeInteger(commentId) ? await commentById(db, { id: commentId }) : [];
  return withVisibleCommentable(db, comment, viewer);
}

/** The comment with what it hangs on, when the viewer may see both (a hidden one: moderators only); else 404. */
async function withVisibleCommentable<C extends Pick<CommentRow, "commentable_type" | "commentable_id" | "hidden_at">>(
  db: Db,
  comment: C | undefined,
  viewer: DiscussionViewer,
): Promise<{ comment: C; commentable: Commentable }> {
  if (!comment || (comment.hidden_at !== null && !isModerator(viewer))) throw new AppError("not_found");
  const target = { type: comment.commentable_type, id: comment.commentable_id };
  return { comment, commentable: await requireVisibleCommentable(db, target, viewer) };
}

// Where a comment hangs, for its reply list and its votes (read on every opening of a comment's replies): kept
// per process, emptied by any write to comments here; a comment deleted by another process answers 404 within
// COMMENT_PLACE_MEMO_MS. An unknown comment is never kept. A vote's own count update finds no deleted comment
// (404); the other calls that change something read the row itself.
export const COMMENT_PLACE_MEMO_MS = 2000;

type CommentPlace = Pick<CommentRow, "id" | "commentable_type" | "commentable_id" | "hidden_at">;

const commentPlaces = defineCache<number, CommentPlace | undefined>({
  name: "comment-places",
  tables: ["comments"],
  maxAgeMs: COMMENT_PLACE_MEMO_MS,
  maxEntries: 10_000,
  async load(db, commentId) {
    const [comment] = await commentById(db, { id: commentId });
    return (
      comment && {
        id: comment.id,
        commentable_type: comment.commentable_type,
        commentable_id: comment.commentable_id,
        hidden_at: comment.hidden_at,
      }
    );
  },
  keep: (place) => place !== undefined,
});

/** Where a comment the viewer may see hangs (for reading its replies, voting on it), or 404. */
export async function requireReadableComment(
  db: Db,
  commentId: number,
  viewer: DiscussionViewer,
): Promise<{ comment: CommentPlace; commentable: Commentable }> {
  const comment = Number.isSafeInteger(commentId) ? await commentPlaces.get(db, commentId) : undefined;
  return withVisibleCommentable(db, comment, viewer);
}

export type ReplyRow = {
  id: number;
  comment_id: number;
  user_id: number;
  by_admin: number;
  image: string | null;
  hidden_at: string | null;
};

/** A reply under a comment the viewer may see, or 404 (a hidden one: moderators only). */
export async function requireVisibleReply(
  db: Db,
  replyId: number,
  viewer: DiscussionViewer,
): Promise<{ reply: ReplyRow; comment: CommentRow; commentable: Commentable }> {
  const reply = Number.isSafeInteger(replyId)
    ? await db
        .selectFrom("replies")
        .select(["id", "comment_id", "user_id", "by_admin", "image", "hidden_at"])
        .where("id", "=", replyId)
        .executeTakeFirst()
    : undefined;
  if (!reply || (reply.hidden_at !== null && !isModerator(viewer))) throw new AppError("not_found");
  const { comment, commentable } = await requireVisibleComment(db, reply.comment_id, viewer);
  return { reply, comment, commentable };
}

// The kinds of things a comment can hang on (spec §6: a lecture's discussion; the community adds posts). Discussion
// knows none of them: the domain that owns a kind describes it (learning the lecture, community the post) and the
// composition root registers it at start-up (server/services.ts), so adding a kind changes nothing here. A type
// nobody registered answers as a missing object (404), like one the viewer may not see.
import type { Db } from "#platform/db/connection.ts";
import type { CommentableType } from "#platform/db/schema.ts";
import { AppError } from "../errors.ts";
import type { DiscussionViewer } from "./rights.ts";

/** What a comment hangs on, as the viewer may see it. */
export type Commentable = {
  type: CommentableType;
  id: number;
  /** the course it belongs to, when it belongs to one (a lecture's comment may become the course's review) */
  courseId: number | null;
};

export type CommentableKind = {
  type: CommentableType;
  /** The one with this id if the viewer may see it; else AppError("not_found"), as if it did not exist. */
  findVisible(db: Db, id: number, viewer: DiscussionViewer): Promise<Commentable>;
  /** Whether a comment on it may carry a video (§5: video posts belong to the community, not to lectures). */
  acceptsVideo: boolean;
  /**
   * Keeps the kind's own count of its comments (a community post's comments_count), in the transaction that adds
   * (+1) or removes (-1) a comment; kinds that count nothing leave it out.
   */
  countComments?(db: Db, id: number, delta: 1 | -1): Promise<void>;
  /**
   * Told of a new comment in the transaction that wrote it (a community post queues its topic's e-mails there:
   * the job table is the outbox, so a rolled-back comment mails nobody); kinds that do nothing leave it out.
   */
  commentAdded?(db: Db, id: number, commentId: number): Promise<void>;
};

const kinds = new Map<CommentableType, CommentableKind>();

/** Called by the composition root for every kind; registering a type again replaces it (a test's own kind). */
export function registerCommentableKind(kind: CommentableKind): void {
  kinds.set(kind.type, kind);
}

export function commentableKind(type: CommentableType): CommentableKind {
  const kind = kinds.get(type);
  if (!kind) throw new AppError("not_found");
  return kind;
}

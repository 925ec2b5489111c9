// The discussion's JSON shapes (spec §3): Comment {id, body, ownable {id, name}, by_admin, created_at,
// replies_count, replies, bunny_id, bunny_status, votes} (and video_id, the attached video's id, for the player) and Reply {id, body, image, ownable, by_admin,
// created_at}; both are votable items, so they also carry up_votes_count, and votes holds the viewer's own vote
// (the first entry is the current user's vote; empty when they have not voted). Admins get the student author's
// page in ownable.url (students.show); nobody else does. Hidden items (core/moderation) are the admins' alone: they
// get them with hidden_at; everybody else gets neither them nor their count in replies_count.
import type { Db } from "#platform/db/connection.ts";
import { prepared } from "#platform/db/prepared.ts";
import { isModerator, type DiscussionViewer } from "./rights.ts";
import type { VoteValue } from "./schemas.ts";

export type Ownable = { id: number; name: string; url?: string };
export type ViewerVote = { value: 1 | -1 };

export type ReplyView = {
  id: number;
  comment_id: number;
  body: string;
  /** the stored image's key, and where the browser loads it from */
  image: string | null;
  image_url: string | null;
  ownable: Ownable;
  by_admin: 0 | 1;
  created_at: string;
  votes: ViewerVote[];
  up_votes_count: number;
  /** only on a hidden reply, only for moderators */
  hidden_at?: string;
};

export type CommentView = {
  id: number;
  body: string;
  ownable: Ownable;
  by_admin: 0 | 1;
  created_at: string;
  replies_count: number;
  replies: ReplyView[];
  bunny_id: string | null;
  bunny_status: number | null;
  /** the attached video's id, for its status (GET /videos/<id>) and our own stream; null: no video */
  video_id: number | null;
  votes: ViewerVote[];
  up_votes_count: number;
  /** only on a hidden comment, only for moderators */
  hidden_at?: string;
};

/** The student page of the admin area (route students.show). */
export function studentPath(id: number): string {
  return `/home/students/${id}`;
}

/** Files are served under /files/ (platform/storage). */
export function fileUrl(key: string): string {
  return `/files/${key}`;
}

/** Admins get a link to the student's page; what an admin wrote has no student page. */
function ownable(viewer: DiscussionViewer, id: number, name: string, byAdmin: number): Ownable {
  return isModerator(viewer) && !byAdmin ? { id, name, url: studentPath(id) } : { id, name };
}

export function votesOf(value: number | null | undefined): ViewerVote[] {
  return value === 1 || value === -1 ? [{ value }] : [];
}

export function voteValueOf(votes: ViewerVote[]): VoteValue {
  return votes[0]?.value ?? 0;
}

/** A comment as everybody sees it: without the viewer's own vote. */
function sharedCommentQuery(db: Db) {
  return db
    .selectFrom("comments as c")
    .innerJoin("users as u", "u.id", "c.user_id")
    .leftJoin("videos as v", "v.id", "c.video_id")
    .select([
      "c.id",
      "c.body",
      "c.by_admin",
      "c.created_at",
      "c.replies_count",
      "c.up_votes_count",
      "c.hidden_at",
      "u.id as user_id",
      "u.name as user_name",
      "v.external_id as video_external_id",
      "v.id as video_id",
      "v.status as video_status",
    ])
    .select((eb) =>
      eb
        .selectFrom("replies as hr")
        .select(eb.fn.countAll().as("n"))
        .whereRef("hr.comment_id", "=", "c.id")
        .where("hr.hidden_at", "is not", null)
        .as("hidden_replies"),
    );
}

type CommentSelection = Awaited<ReturnType<ReturnType<typeof sharedCommentQuery>["execute"]>>[number];

function toComment(viewer: DiscussionViewer, row: CommentSelection): CommentView {
  const moderator = isModerator(viewer);
  const view: CommentView = {
    id: row.id,
    body: row.body,
    ownable: ownable(viewer, row.user_id, row.user_name, row.by_admin),
    by_admin: row.by_admin ? 1 : 0,
    created_at: row.created_at,
    // Hidden replies are counted for the moderators only.
    replies_count: Number(row.replies_count) - (moderator ? 0 : Number(row.hidden_replies ?? 0)),
    replies: [],
    bunny_id: row.video_external_id ?? null,
    bunny_status: row.video_id === null ? null : Number(row.video_status),
    video_id: row.video_id ?? null,
    // The viewer's own vote is added by the discussion cache; a just-written item has none.
    votes: [],
    up_votes_count: Number(row.up_votes_count),
  };
  if (moderator && row.hidden_at !== null) view.hidden_at = row.hidden_at;
  return view;
}

/**
 * One page of a commentable's comments as everybody of the viewer's kind sees them (moderators get author links),
 * newest first, continuing below `before` (an id) when given; `votes` is left empty (./discussion-cache.ts).
 */
export async function selectSharedComments(
  db: Db,
  viewer: DiscussionViewer,
  options: { type: "lecture" | "post"; id: number; limit: number; before?: number },
): Promise<CommentView[]> {
  const queries = isModerator(viewer) ? commentQueries.moderator : commentQueries.everybody;
  const rows = options.before
    ? await queries.before(db, { type: options.type, id: options.id, before: options.before, limit: options.limit })
    : await queries.newest(db, { type: options.type, id: options.id, limit: options.limit });
  return rows.map((row) => toComment(viewer, row));
}

// Compiled once (platform/db/prepared.ts): moderators' lists include the hidden comments, everybody else's do not.
type Commentable = { type: "lecture" | "post"; id: number; limit: number };
function commentPageQueries(withHidden: boolean) {
  const shown = (db: Db) => {
    const query = sharedCommentQuery(db);
    return withHidden ? query : query.where("c.hidden_at", "is", null);
  };
  return {
    newest: prepared((db, p: Commentable) =>
      shown(db)
        .where("c.commentable_type", "=", p.type)
        .where("c.commentable_id", "=", p.id)
        .orderBy("c.id", "desc")
        .limit(p.limit),
    ),
    before: prepared((db, p: Commentable & { before: number }) =>
      shown(db)
        .where("c.commentable_type", "=", p.type)
        .where("c.commentable_id", "=", p.id)
        .where("c.id", "<", p.before)
        .orderBy("c.id", "desc")
        .limit(p.limit),
    ),
  };
}
const commentQueries = { moderator: commentPageQueries(true), everybody: commentPageQueries(false) };

/** A comment's replies_count as this viewer sees it: without the hidden replies, unless a moderator asks. */
export async function shownRepliesCount(
  db: Db,
  viewer: DiscussionViewer,
  commentId: number,
  total: number,
): Promise<number> {
  if (isModerator(viewer)) return total;
  const { hidden } = await db
    .selectFrom("replies")
    .select((eb) => eb.fn.countAll().as("hidden"))
    .where("comment_id", "=", commentId)
    .where("hidden_at", "is not", null)
    .executeTakeFirstOrThrow();
  return total - Number(hidden);
}

/** A comment just written, for the answer to its author: nobody has voted on it yet (ids are never reused). */
export async function selectComment(db: Db, viewer: DiscussionViewer, id: number): Promise<CommentView> {
  const row = await sharedCommentQuery(db).where("c.id", "=", id).executeTakeFirstOrThrow();
  return toComment(viewer, row);
}

/** A reply as everybody sees it: without the viewer's own vote. */
function sharedReplyQuery(db: Db) {
  return db
    .selectFrom("replies as r")
    .innerJoin("users as u", "u.id", "r.user_id")
    .select([
      "r.id",
      "r.comment_id",
      "r.body",
      "r.image",
      "r.by_admin",
      "r.created_at",
      "r.up_votes_count",
      "r.hidden_at",
      "u.id as user_id",
      "u.name as user_name",
    ]);
}

type ReplySelection = Awaited<ReturnType<ReturnType<typeof sharedReplyQuery>["execute"]>>[number];

function toReply(viewer: DiscussionViewer, row: ReplySelection): ReplyView {
  const view: ReplyView = {
    id: row.id,
    comment_id: row.comment_id,
    body: row.body,
    image: row.image,
    image_url: row.image ? fileUrl(row.image) : null,
    ownable: ownable(viewer, row.user_id, row.user_name, row.by_admin),
    by_admin: row.by_admin ? 1 : 0,
    created_at: row.created_at,
    // The viewer's own vote is added by the discussion cache; a just-written item has none.
    votes: [],
    up_votes_count: Number(row.up_votes_count),
  };
  if (isModerator(viewer) && row.hidden_at !== null) view.hidden_at = row.hidden_at;
  return view;
}

/** A comment's replies in the order they were written, as everybody of the viewer's kind sees them (no votes). */
export async function selectSharedReplies(db: Db, viewer: DiscussionViewer, commentId: number): Promise<ReplyView[]> {
  const rows = await (isModerator(viewer) ? allReplies : shownReplies)(db, { commentId });
  return rows.map((row) => toReply(viewer, row));
}

// Moderators read the hidden replies too; everybody else does not.
const allReplies = prepared((db, p: { commentId: number }) =>
  sharedReplyQuery(db).where("r.comment_id", "=", p.commentId).orderBy("r.id", "asc"),
);
const shownReplies = prepared((db, p: { commentId: number }) =>
  sharedReplyQuery(db).where("r.comment_id", "=", p.commentId).where("r.hidden_at", "is", null).orderBy("r.id", "asc"),
);

/** A reply just written, for the answer to its author: nobody has voted on it yet (ids are never reused). */
export async function selectReply(db: Db, viewer: DiscussionViewer, id: number): Promise<ReplyView> {
  const row = await sharedReplyQuery(db).where("r.id", "=", id).executeTakeFirstOrThrow();
  return toReply(viewer, row);
}

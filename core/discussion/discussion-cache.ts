// The lecture discussion is read far more often than it is written, and most of what a reader gets is the same
// for every reader: a page of comments and a comment's replies are kept as everybody of the viewer's kind sees
// them (moderators also get author links, §6), each item also as UTF-8 JSON up to its `votes`. A request looks up
// only the viewer's own votes on those items (one range query) and puts them in, copying bytes (encoding a 10 KB
// answer anew was a tenth of the call's cost).
// Each reader's finished answer is not kept: with votes and new comments coming in, such a cache was emptied too
// often to pay (bench/README.md, "Mixed reads and writes").
// Freshness: any committed write in this process that names comments, replies, users or videos empties the lists
// at once (platform/cache/cache.ts); a vote changes its item's up_votes_count, so it empties them too.
// Writes by other processes (WEB_CONCURRENCY > 1) show within MAX_AGE_MS.
import type { Db } from "#platform/db/connection.ts";
import { prepared } from "#platform/db/prepared.ts";
import { defineCache } from "#platform/cache/cache.ts";
import type { CommentableType } from "#platform/db/schema.ts";
import { type CommentView, type ReplyView, selectSharedComments, selectSharedReplies, votesOf } from "./present.ts";
import { type DiscussionViewer, isModerator } from "./rights.ts";
import type { VotableKind } from "./schemas.ts";

export const MAX_AGE_MS = 2000;
const MAX_LISTS = 2000;

/** Items as everybody of one kind sees them (`votes` empty), and each one's JSON up to its votes. */
type SharedList<T> = { items: T[]; json: Buffer[] };

function sharedList<T extends { votes: unknown }>(items: T[]): SharedList<T> {
  const json = items.map(({ votes: _votes, ...rest }) => Buffer.from(`${JSON.stringify(rest).slice(0, -1)},"votes":`));
  return { items, json };
}

type Kind = DiscussionViewer["role"];

/** Only a moderator's lists differ (author links): every other viewer shares one copy. */
const kindOf = (viewer: DiscussionViewer): Kind => (isModerator(viewer) ? "admin" : "student");

/** Whom a shared list is presented to: anybody of the kind (the votes are left out). */
const anybody = (kind: Kind): DiscussionViewer => ({ id: 0, role: kind });

type PageKey = { kind: Kind; type: CommentableType; id: number; length: number; before?: number };
const pageKey = (key: PageKey) => `${key.kind} ${key.type} ${key.id} ${key.length} ${key.before ?? 0}`;

function parsePageKey(text: string): PageKey {
  const [kind, type, id, length, before] = text.split(" ");
  return {
    kind: kind as Kind,
    type: type as CommentableType,
    id: Number(id),
    length: Number(length),
    before: Number(before) || undefined,
  };
}

const commentPages = defineCache<string, SharedList<CommentView> & { more: boolean }>({
  name: "discussion-comment-pages",
  // replies: hiding one changes the replies_count students see (core/moderation).
  tables: ["comments", "replies", "users", "videos"],
  maxAgeMs: MAX_AGE_MS,
  maxEntries: MAX_LISTS,
  async load(db, text) {
    const key = parsePageKey(text);
    // One extra row tells whether there is more.
    const rows = await selectSharedComments(db, anybody(key.kind), {
      type: key.type,
      id: key.id,
      limit: key.length + 1,
      before: key.before,
    });
    return { ...sharedList(rows.slice(0, key.length)), more: rows.length > key.length };
  },
});

const replyLists = defineCache<string, SharedList<ReplyView>>({
  name: "discussion-reply-lists",
  tables: ["replies", "users"],
  maxAgeMs: MAX_AGE_MS,
  maxEntries: MAX_LISTS,
  async load(db, text) {
    const [kind, commentId] = text.split(" ");
    return sharedList(await selectSharedReplies(db, anybody(kind as Kind), Number(commentId)));
  },
});

// The viewer's votes on items whose ids lie in a range (a page's items are a range of ids).
const votesBetween = prepared((db, p: { type: VotableKind; userId: number; low: number; high: number }) =>
  db
    .selectFrom("votes")
    .select(["votable_id", "value"])
    .where("votable_type", "=", p.type)
    .where("user_id", "=", p.userId)
    .where("votable_id", ">=", p.low)
    .where("votable_id", "<=", p.high),
);

async function viewerVotes(
  db: Db,
  viewer: DiscussionViewer,
  type: VotableKind,
  items: { id: number }[],
): Promise<Map<number, number>> {
  if (items.length === 0) return new Map();
  let low = items[0]!.id;
  let high = low;
  for (const { id } of items) {
    if (id < low) low = id;
    if (id > high) high = id;
  }
  const rows = await votesBetween(db, { type, userId: viewer.id, low, high });
  return new Map(rows.map((row) => [row.votable_id, row.value]));
}

// The end of an item: its votes (the viewer's own, §3) and the closing brace.
const VOTES_END: Record<string, Buffer> = {
  "1": Buffer.from('[{"value":1}]}'),
  "-1": Buffer.from('[{"value":-1}]}'),
  none: Buffer.from("[]}"),
};
const COMMA = Buffer.from(",");
const COMMENTS_HEAD = Buffer.from('{"comments":[');
const COMMENTS_TAIL = { more: Buffer.from('],"more":true}'), last: Buffer.from('],"more":false}') };
const REPLIES_HEAD = Buffer.from('{"replies":[');
const REPLIES_TAIL = Buffer.from("]}");

/** The answer: `head`, the list's items each with the viewer's own vote, then `tail`. */
function answerJson(head: Buffer, list: SharedList<{ id: number }>, votes: Map<number, number>, tail: Buffer): Buffer {
  const pieces: Buffer[] = [head];
  for (let i = 0; i < list.json.length; i++) {
    if (i) pieces.push(COMMA);
    const vote = votes.get(list.items[i]!.id);
    pieces.push(list.json[i]!, (vote !== undefined && VOTES_END[vote]) || VOTES_END.none!);
  }
  pieces.push(tail);
  return Buffer.concat(pieces);
}

type PageOptions = { type: CommentableType; id: number; length: number; before?: number };

async function viewerPage(db: Db, viewer: DiscussionViewer, options: PageOptions) {
  const page = await commentPages.get(db, pageKey({ kind: kindOf(viewer), ...options }));
  return { page, votes: await viewerVotes(db, viewer, "comment", page.items) };
}

/** One page of comments as the viewer sees them (newest first, below `before` when given). */
export async function viewerCommentPage(
  db: Db,
  viewer: DiscussionViewer,
  options: PageOptions,
): Promise<{ comments: CommentView[]; more: boolean }> {
  const { page, votes } = await viewerPage(db, viewer, options);
  const comments = page.items.map((item) => ({ ...item, votes: votesOf(votes.get(item.id)) }));
  return { comments, more: page.more };
}

/** The same page as the UTF-8 JSON of the §7 answer {comments, more}. */
export async function viewerCommentPageJson(db: Db, viewer: DiscussionViewer, options: PageOptions): Promise<Buffer> {
  const { page, votes } = await viewerPage(db, viewer, options);
  return answerJson(COMMENTS_HEAD, page, votes, page.more ? COMMENTS_TAIL.more : COMMENTS_TAIL.last);
}

/** A comment's replies as the viewer sees them, as the UTF-8 JSON of the §7 answer {replies}. */
export async function viewerRepliesJson(db: Db, viewer: DiscussionViewer, commentId: number): Promise<Buffer> {
  const list = await replyLists.get(db, `${kindOf(viewer)} ${commentId}`);
  return answerJson(REPLIES_HEAD, list, await viewerVotes(db, viewer, "reply", list.items), REPLIES_TAIL);
}

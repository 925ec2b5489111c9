// POST /vote {type, id, value} (§3, §4, §7): one vote per user per comment, reply or community post (a unique index), the same
// value again takes the vote back, and the item's up_votes_count changes in the same transaction. Concurrent
// votes never fail: one user's votes on one item take turns (below), and a transaction that still loses a race
// to another writer (a deadlock on PostgreSQL) runs again (platform/db/transaction.ts).
import type { Db } from "#platform/db/connection.ts";
import { dialectOf, nowIso, sql } from "#platform/db/connection.ts";
import { prepared } from "#platform/db/prepared.ts";
import { inTransaction } from "#platform/db/transaction.ts";
import { AppError } from "../errors.ts";
import { parseInput } from "../validation.ts";
import { commentableKind } from "./commentable-kinds.ts";
import { requireReadableComment, requireViewer, requireVisibleReply } from "./commentable.ts";
import type { ViewerVote } from "./present.ts";
import type { DiscussionViewer } from "./rights.ts";
import { voteSchema, type VotableKind, type VoteValue } from "./schemas.ts";
import { resolveVote } from "./votes.ts";

/** The §3 votable item, and the viewer's vote after this request. */
export type VoteResult = {
  type: VotableKind;
  id: number;
  votes: ViewerVote[];
  up_votes_count: number;
  value: VoteValue;
};

// A vote's statements, compiled once (platform/db/prepared.ts) and run in the vote's transaction. Each write
// returns the id it touched: no row means the vote changed after it was read.

// One user's requests on one item must not interleave: each reads the user's vote and writes the next one. On
// SQLite the transaction holds the database's write lock from BEGIN. On PostgreSQL (READ COMMITTED) two such
// requests read the same vote, one write then finds the row changed or gone, and the old optimistic loop of
// read-again lost that race to 50 parallel clicks (issue 13: 10% answered 409). A transaction-scoped advisory lock
// on (user, item id) makes them take turns; votes of different users on the item do not wait for it. The item's
// type is left out of the key: a comment and a reply with the same id share a lock, which only costs a short wait.
// (Locking the item's row first would do too, but deletions lock votes before their item: the opposite order.)
const takeTurn = prepared((db, p: { userId: number; id: number }) =>
  db.selectNoFrom(sql<unknown>`pg_advisory_xact_lock(${p.userId}::integer, ${p.id}::integer)`.as("turn")),
);
// Only a concurrent deletion (of the item, or of the user) can still change the vote between read and write;
// then the vote is read again, once.
const ATTEMPTS = 2;

const myVote = prepared((db, p: { type: VotableKind; id: number; userId: number }) =>
  db
    .selectFrom("votes")
    .select(["id", "value"])
    .where("votable_type", "=", p.type)
    .where("votable_id", "=", p.id)
    .where("user_id", "=", p.userId),
);
const insertVote = prepared(
  (db, p: { type: VotableKind; id: number; userId: number; value: VoteValue; createdAt: string }) =>
    db
      .insertInto("votes")
      .values({ votable_type: p.type, votable_id: p.id, user_id: p.userId, value: p.value, created_at: p.createdAt })
      .onConflict((oc) => oc.columns(["votable_type", "votable_id", "user_id"]).doNothing())
      .returning("id"),
);
// `previous`: the value read before; no row changes when another request changed it meanwhile.
const deleteVote = prepared((db, p: { id: number; previous: VoteValue }) =>
  db.deleteFrom("votes").where("id", "=", p.id).where("value", "=", p.previous).returning("id"),
);
const changeVote = prepared((db, p: { id: number; previous: VoteValue; value: VoteValue }) =>
  db
    .updateTable("votes")
    .set({ value: p.value })
    .where("id", "=", p.id)
    .where("value", "=", p.previous)
    .returning("id"),
);
const countUpIn = (table: "comments" | "replies" | "community_posts") =>
  prepared((db, p: { id: number; delta: number }) =>
    db
      .updateTable(table)
      .set((eb) => ({ up_votes_count: eb("up_votes_count", "+", p.delta) }))
      .where("id", "=", p.id)
      .returning("up_votes_count"),
  );
const countUp = {
  comment: countUpIn("comments"),
  reply: countUpIn("replies"),
  post: countUpIn("community_posts"),
};

export async function castVote(
  db: Db,
  options: { viewer: DiscussionViewer | null; input: unknown },
): Promise<VoteResult> {
  const viewer = requireViewer(options.viewer);
  const input = parseInput(voteSchema, options.input);
  const requested = input.value as VoteValue;
  // Where a comment hangs may come from the per-process copy: a comment deleted meanwhile has no row for the
  // count update below, which answers 404 and rolls the vote back.
  if (input.type === "comment") await requireReadableComment(db, input.id, viewer);
  else if (input.type === "reply") await requireVisibleReply(db, input.id, viewer);
  // A community post is voted on where it may be commented on (its kind decides: core/community).
  else await commentableKind("post").findVisible(db, input.id, viewer);

  const postgres = dialectOf(db) === "postgres";
  return inTransaction(db, async (trx) => {
    if (postgres) await takeTurn(db, { userId: viewer.id, id: input.id }, trx);
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const [existing] = await myVote(db, { type: input.type, id: input.id, userId: viewer.id }, trx);
      const previous = (existing?.value ?? 0) as VoteValue;
      const { value, upDelta } = resolveVote(previous, requested);

      let applied: boolean;
      if (value === previous) applied = true;
      else if (!existing) {
        const inserted = await insertVote(
          db,
          { type: input.type, id: input.id, userId: viewer.id, value, createdAt: nowIso() },
          trx,
        );
        applied = inserted.length > 0;
      } else if (value === 0) {
        applied = (await deleteVote(db, { id: existing.id, previous }, trx)).length > 0;
      } else {
        applied = (await changeVote(db, { id: existing.id, previous, value }, trx)).length > 0;
      }
      // A deletion changed the vote after it was read: read it again.
      if (!applied) continue;

      const [item] = await countUp[input.type](db, { id: input.id, delta: upDelta }, trx);
      if (!item) throw new AppError("not_found");
      return {
        type: input.type,
        id: input.id,
        votes: value === 0 ? [] : [{ value: value as 1 | -1 }],
        up_votes_count: Number(item.up_votes_count),
        value,
      };
    }
    throw new AppError("conflict");
  });
}
